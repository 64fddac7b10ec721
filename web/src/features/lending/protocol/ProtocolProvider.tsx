// The React binding of @payd/protocol: <ProtocolProvider> connects the protocol through the
// connected wagmi wallet (the dev wallet and injected wallets alike; read-only until a wallet is
// connected), shares one store per chain and account (registry.ts), and renders its children once
// the store has loaded. Inside it:
//   const cache = useProtocol((s) => s.cache);          // re-renders only when the cache changes
//   const signer = useSigner();                          // for the writes of @payd/protocol
import { Alert, Center, Loader } from '@mantine/core';
import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useAccount, useConfig as useWagmiConfig } from 'wagmi';
import type { Address } from 'viem';
import { UnsupportedNetworkError, type SignerConnection } from '@payd/protocol';
import { useConfig } from '../../../shell/config.ts';
import { loadDeployment } from '../../../shell/chain/deployment.ts';
import { chainEndpoints, connectedWalletClient } from '../../../shell/chain/connection.ts';
import { acquireProtocol, type ProtocolEntry } from './registry.ts';
import { useT } from '../../../i18n/useT.ts';
import { selectFrom, type Selector } from './selection.ts';

type ProtocolStatus =
  | { status: 'loading' }
  | { status: 'unavailable'; message: string }
  | { status: 'ready'; entry: ProtocolEntry };

const ProtocolContext = createContext<ProtocolEntry | null>(null);

export function ProtocolProvider({ children }: { children: ReactNode }) {
  const config = useConfig();
  const { address, chainId } = useAccount();
  const wagmiConfig = useWagmiConfig();
  const [state, setState] = useState<ProtocolStatus>({ status: 'loading' });
  const { t, message } = useT();
  const { rpcUrl, wsUrl } = chainEndpoints(config);

  useEffect(() => {
    let cancelled = false;
    let release: (() => void) | undefined;
    setState({ status: 'loading' });
    const wallet = address
      ? connectedWalletClient(wagmiConfig, { account: address })
      : Promise.resolve(undefined);
    void Promise.all([loadDeployment(), wallet]).then(([deployment, walletClient]) => {
      if (cancelled) return;
      if (!deployment || deployment.chainId !== config.chainId) {
        // Spec 000 section 8's words for a chain without a deployment.
        setState({ status: 'unavailable', message: new UnsupportedNetworkError(config.chainId).message });
        return;
      }
      const held = acquireProtocol({
        deployment,
        endpoints: { rpcUrl, wsUrl },
        frontendTag: (config.frontendTag || undefined) as Address | undefined,
        walletClient,
        account: address,
      });
      release = held.release;
      held.entry.then(
        (entry) => !cancelled && setState({ status: 'ready', entry }),
        () =>
          !cancelled &&
          setState({
            status: 'unavailable',
            message: 'The lending protocol cannot be reached. Please try again later.',
          }),
      );
    });
    return () => {
      cancelled = true;
      release?.();
    };
  }, [address, chainId, wagmiConfig, config.chainId, config.frontendTag, rpcUrl, wsUrl]);

  if (state.status === 'loading')
    return (
      <Center py="xl" aria-busy="true">
        <Loader role="status" aria-label={t('lending.protocol.loading')} />
      </Center>
    );
  if (state.status === 'unavailable')
    return (
      <Alert color="red" variant="light" m="md">
        {/* The messages are English (@payd/protocol's, this module's): shown in the reader's language. */}
        {state.message === new UnsupportedNetworkError(config.chainId).message
          ? t('lending.protocol.unsupported', { chainId: String(config.chainId) })
          : message(state.message)}
      </Alert>
    );
  return <ProtocolContext.Provider value={state.entry}>{children}</ProtocolContext.Provider>;
}

function useEntry(): ProtocolEntry {
  const entry = useContext(ProtocolContext);
  if (!entry) throw new Error('useProtocol outside ProtocolProvider');
  return entry;
}

/** The selected part of the store state; re-renders only when that part changes (by value). */
export function useProtocol<T>(selector: Selector<T>): T {
  const { store } = useEntry();
  // The selector is taken on the first render: pass a function of the state only.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const selection = useMemo(() => selectFrom(store, selector), [store]);
  return useSyncExternalStore(selection.subscribe, selection.getSnapshot) as T;
}

/** The connection the writes of @payd/protocol take, or undefined while no wallet can sign. */
export function useSigner(): SignerConnection | undefined {
  const { connection } = useEntry();
  return connection.kind === 'signer' ? connection : undefined;
}

/** The connection and store, for a forced refresh or reads outside the store (cache lists). */
export function useProtocolEntry(): ProtocolEntry {
  return useEntry();
}
