// One protocol store per chain and connected account, shared by every lending page mounted at the
// time and kept a short while after the last one goes, so moving between pages reuses it. Plain
// functions: the React binding (ProtocolProvider) only acquires and releases entries.
import type { Address, PublicClient, WalletClient } from 'viem';
import {
  connectReadOnly,
  connectSigner,
  createChainStore,
  createProtocolReadClient,
  type ProtocolConnection,
  type ProtocolDeployment,
  type ProtocolStore,
  type StoreState,
} from '@payd/protocol';

export interface ProtocolEntry {
  connection: ProtocolConnection;
  store: ProtocolStore<StoreState>;
}

export interface AcquireParameters {
  deployment: ProtocolDeployment;
  rpcUrl: string;
  wsUrl?: string;
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
const clients = new Map<string, PublicClient>();

function publicClientFor(p: AcquireParameters): PublicClient {
  const key = `${p.deployment.chainId}|${p.rpcUrl}|${p.wsUrl ?? ''}`;
  let client = clients.get(key);
  if (!client) {
    client = createProtocolReadClient({ deployment: p.deployment, rpcUrl: p.rpcUrl, wsUrl: p.wsUrl });
    clients.set(key, client);
  }
  return client;
}

async function open(p: AcquireParameters): Promise<ProtocolEntry> {
  const publicClient = publicClientFor(p);
  const frontendTag = p.frontendTag;
  const connection: ProtocolConnection = p.walletClient
    ? await connectSigner({
        walletClient: p.walletClient,
        publicClient,
        deployment: p.deployment,
        frontendTag,
      })
    : await connectReadOnly({ publicClient, deployment: p.deployment, userAddress: p.account, frontendTag });
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
