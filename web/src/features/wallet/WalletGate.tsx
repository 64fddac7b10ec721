// 'Connect Your Wallet' (spec 002 section 2): injected wallets found by EIP-6963 (a MetaMask
// button when detected, otherwise 'Connect wallet'), the dev wallet on chain 88, and the modals
// of the connection states. Children render once a wallet is connected on a supported network.
import { Button, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../shell/session/session.tsx';
import { useConnect, useConnection, useConnectors, type Connector } from 'wagmi';
import { useConfig } from '../../shell/config.ts';
import {
  chainChangeEndsSession,
  connectErrorState,
  connectErrorText,
  connectionModal,
  type ConnectionState,
} from './connectionState.ts';
import { DEV_WALLET_ID } from './devWalletConnector.ts';
import { useT } from '../../i18n/useT.ts';

// Loaded with the connect screen, not with the pages behind the gate.
const ConnectionModal = lazy(() => import('./ConnectionModal.tsx'));
// Loaded only when the wallet is on another network.
const UnsupportedNetwork = lazy(async () => ({
  default: (await import('./UnsupportedNetwork.tsx')).UnsupportedNetwork,
}));

/** The wallet's own name, the same in every language. */
const METAMASK = 'MetaMask';

/** An older MetaMask (or a wallet posing as it) that does not announce itself by EIP-6963. */
function injectedIsMetaMask(): boolean {
  return Boolean((window as unknown as { ethereum?: { isMetaMask?: boolean } }).ethereum?.isMetaMask);
}

function useConnectFlow() {
  const connect = useConnect();
  const [state, setState] = useState<ConnectionState>('inactive');
  const [errorText, setErrorText] = useState('');
  const [last, setLast] = useState<Connector | null>(null);
  const start = (connector: Connector) => {
    setLast(connector);
    setState('activating');
    connect.mutate(
      { connector },
      {
        onSuccess: () => setState('active'),
        onError: (e) => {
          setErrorText(connectErrorText(e));
          setState(connectErrorState(e));
        },
      },
    );
  };
  return {
    state,
    errorText,
    start,
    retry: () => last && start(last),
    cancel: () => {
      connect.reset();
      setState('inactive');
    },
  };
}

export function WalletGate({ children }: { children: ReactNode }) {
  const config = useConfig();
  const connection = useConnection();
  const connectors = useConnectors();
  const flow = useConnectFlow();
  const { user, signOut } = useSession();
  const navigate = useNavigate();
  const { t } = useT();
  const lastChain = useRef<number | undefined>(undefined);
  useEffect(() => {
    const next = connection.chainId;
    if (user && chainChangeEndsSession(lastChain.current, next, config.chainId))
      void signOut().then(() => navigate('/login', { replace: true }));
    lastChain.current = next;
  }, [connection.chainId, config.chainId, user, signOut, navigate]);

  if (connection.status === 'reconnecting' || connection.status === 'connecting')
    return (
      <Center mih="50vh" role="status" aria-label={t('shell.wallet.connecting')}>
        <Loader />
      </Center>
    );

  if (connection.status === 'connected') {
    if (connection.chainId !== config.chainId)
      return (
        <Suspense fallback={null}>
          <UnsupportedNetwork chainId={connection.chainId} />
        </Suspense>
      );
    return <>{children}</>;
  }

  const dev = connectors.find((c) => c.id === DEV_WALLET_ID);
  // EIP-6963 announces each extension as its own connector; the bare 'injected' one stands for window.ethereum.
  const discovered = connectors.filter((c) => c.id !== DEV_WALLET_ID && c.id !== 'injected');
  const metaMask = discovered.find((c) => c.id === 'io.metamask' || /metamask/i.test(c.name));
  const others = discovered.filter((c) => c !== metaMask);
  const generic = connectors.find((c) => c.id === 'injected');
  const modal = connectionModal(flow.state, flow.errorText);

  return (
    <Center mih="60vh" p="md">
      <Paper withBorder p="xl" maw={460} w="100%" shadow="sm">
        <Stack gap="md">
          <div>
            <Title order={1} fz={24}>
              {t('kyc.connect.title')}
            </Title>
            <Text c="dimmed" fz="sm" mt={4}>
              {config.dev ? t('shell.wallet.devIntro') : t('shell.wallet.intro')}
            </Text>
          </div>
          {dev && (
            <Button size="md" onClick={() => flow.start(dev)}>
              {t('shell.wallet.useDev')}
            </Button>
          )}
          {metaMask ? (
            <Button
              size="md"
              variant={dev ? 'default' : 'filled'}
              onClick={() => flow.start(metaMask)}
              leftSection={
                metaMask.icon ? <img src={metaMask.icon} alt="" width={20} height={20} /> : undefined
              }
            >
              {METAMASK}
            </Button>
          ) : (
            others.length === 0 &&
            generic && (
              <Button size="md" variant={dev ? 'default' : 'filled'} onClick={() => flow.start(generic)}>
                {injectedIsMetaMask() ? METAMASK : t('shell.wallet.connect')}
              </Button>
            )
          )}
          {others.map((c) => (
            <Button
              key={c.uid}
              size="md"
              variant="default"
              onClick={() => flow.start(c)}
              leftSection={c.icon ? <img src={c.icon} alt="" width={20} height={20} /> : undefined}
            >
              {c.name}
            </Button>
          ))}
        </Stack>
      </Paper>
      <Suspense fallback={null}>
        <ConnectionModal
          modal={modal}
          activating={flow.state === 'activating'}
          onCancel={flow.cancel}
          onRetry={flow.retry}
        />
      </Suspense>
    </Center>
  );
}
