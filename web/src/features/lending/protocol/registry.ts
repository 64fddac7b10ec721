// One protocol store per chain and connected account, shared by every lending page mounted at the
// time and kept a short while after the last one goes, so moving between pages reuses it. Its
// connection is the app shell's (shell/chain/connection.ts). Plain functions: the React binding
// (ProtocolProvider) only acquires and releases entries.
import type { Address, WalletClient } from 'viem';
import {
  createChainStore,
  type ProtocolConnection,
  type ProtocolDeployment,
  type ProtocolStore,
  type StoreState,
} from '@payd/protocol';
import { connectProtocol, type ChainEndpoints } from '../../../shell/chain/connection.ts';

export interface ProtocolEntry {
  connection: ProtocolConnection;
  store: ProtocolStore<StoreState>;
}

export interface AcquireParameters {
  deployment: ProtocolDeployment;
  endpoints: ChainEndpoints;
  frontendTag?: Address;
  /** The connected wallet; without it the connection is read-only. */
  walletClient?: WalletClient;
  account?: Address;
  /** Milliseconds an unused store keeps following blocks (default 30 s). */
  keepAliveMs?: number;
}

interface Slot {
  entry: Promise<ProtocolEntry>;
  users: number;
  stopTimer?: ReturnType<typeof setTimeout>;
}

const slots = new Map<string, Slot>();

async function open(p: AcquireParameters): Promise<ProtocolEntry> {
  const connection = await connectProtocol(p);
  const store = createChainStore(connection, {
    onError: (e) => console.warn('protocol store reload failed', e),
  });
  await store.start();
  return { connection, store };
}

/** The shared entry for this chain and account; call the returned release when done with it. */
export function acquireProtocol(p: AcquireParameters): {
  entry: Promise<ProtocolEntry>;
  release: () => void;
} {
  const key = `${p.deployment.chainId}|${p.account ?? ''}|${p.walletClient ? 'signer' : 'read'}`;
  let slot = slots.get(key);
  if (!slot) {
    slot = { entry: open(p), users: 0 };
    slots.set(key, slot);
    slot.entry.catch(() => slots.delete(key));
  }
  clearTimeout(slot.stopTimer);
  slot.users += 1;
  const held = slot;
  let released = false;
  return {
    entry: held.entry,
    release: () => {
      if (released) return;
      released = true;
      held.users -= 1;
      if (held.users > 0) return;
      held.stopTimer = setTimeout(() => {
        if (held.users > 0 || slots.get(key) !== held) return;
        slots.delete(key);
        void held.entry.then((e) => e.store.stop()).catch(() => undefined);
      }, p.keepAliveMs ?? 30_000);
    },
  };
}
