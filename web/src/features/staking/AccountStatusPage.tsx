// /accountStatus, the wallet status page (spec 001 'Wallet status page' and section 4 'Wallet
// registration status'): Approved goes on, Declined shows the terminated account, another wallet
// tied to the account asks to switch, and an unregistered wallet is registered here with an
// optional agent ('Confirm Wallet Registration').
import { Alert, Badge, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useConnection, useSignMessage } from 'wagmi';
import { useSession } from '../../shell/session/session.tsx';
import {
  confirmReadOnlyWalletState,
  confirmWalletState,
  forgetOrigin,
  rememberedOrigin,
  resetGuardMemory,
} from '../../shell/session/originStore.ts';
import { isTerminatedReadable } from '../../shell/navigation/guards.ts';
import { ACCOUNT_STATUS_PATH } from '../../shell/navigation/paths.ts';
import {
  AccountStatusMessages as M,
  WALLET_PAGE_DELAY_MS,
  accountStatusView,
  onwardTarget,
  walletStatusColor,
  type AccountStatusView,
} from './accountStatusRules.ts';
import { useWalletStatus } from './stakingApi.ts';
import { useAgents, useWalletRegistration } from './useWalletRegistration.ts';
import { setKnownWalletStatus } from '../../shell/navigation/walletStatusStore.ts';
import { TerminatedAccount } from './TerminatedAccount.tsx';
import { useT } from '../../i18n/useT.ts';
import { Tagged } from '../../i18n/Tagged.tsx';

// The registration form (its agent Select brings Mantine's combobox, popover and floating-ui) is
// shown to an unregistered wallet only: it loads while the status is read, not with the page.
const loadRegisterWallet = () => import('./RegisterWallet.tsx');
const RegisterWallet = lazy(loadRegisterWallet);

/**
 * Approved and the connected wallet: on to where the user was going, after the page delay.
 * Terminated: the read-only pages open (issue 24), and a user sent here from one of them (the
 * termination e-mail's support link) goes on to it; the others stay here.
 * Anything else: this session has not passed the wallet-state check (another wallet, or none
 * registered), so the checked pages send the user back here.
 */
function useOnwardWhenApproved(kind: AccountStatusView['kind'] | undefined) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!kind) return;
    if (kind === 'terminated') {
      confirmReadOnlyWalletState();
      const origin = rememberedOrigin();
      if (!origin || !isTerminatedReadable(origin.pathname)) {
        forgetOrigin();
        return;
      }
      const t = window.setTimeout(() => {
        forgetOrigin();
        void navigate(origin.pathname + (origin.search ?? ''), {
          replace: true,
          state: { from: ACCOUNT_STATUS_PATH },
        });
      }, WALLET_PAGE_DELAY_MS);
      return () => window.clearTimeout(t);
    }
    if (kind !== 'approved') {
      resetGuardMemory();
      return;
    }
    confirmWalletState();
    const t = window.setTimeout(() => {
      const target = onwardTarget(rememberedOrigin());
      forgetOrigin();
      void navigate(target, { replace: true, state: { from: ACCOUNT_STATUS_PATH } });
    }, WALLET_PAGE_DELAY_MS);
    return () => window.clearTimeout(t);
  }, [kind, navigate]);
}

export function AccountStatusPage() {
  const { address } = useConnection();
  const { user } = useSession();
  const status = useWalletStatus(address);
  const { signMessageAsync } = useSignMessage();
  const agents = useAgents();
  const registration = useWalletRegistration({ address, usrId: user?.UsrId, signMessage: signMessageAsync });
  const view = status.data ? accountStatusView(status.data) : null;
  const { t, message } = useT();
  useEffect(() => void loadRegisterWallet(), []);

  // The navigation shell shows the sidebar from what this page found.
  useEffect(() => {
    if (status.data && user?.UsrId && address)
      setKnownWalletStatus({ usrId: user.UsrId, address, code: status.data.StakeWalletStatusCd2 });
  }, [status.data, user?.UsrId, address]);
  useOnwardWhenApproved(view?.kind);

  if (status.isPending)
    return (
      <Center mih="40vh" role="status" aria-label={t('dash.status.loading')}>
        <Loader />
      </Center>
    );
  if (!view)
    return (
      <Alert color="red" title={message(M.title)} maw={640} mx="auto">
        {t('dash.status.notLoaded')}
      </Alert>
    );

  const code = status.data!.StakeWalletStatusCd2;
  const terminated = view.kind === 'terminated';
  return (
    <Center p={{ base: 0, xs: 'md' }}>
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', xs: 'xl' }} maw={640} w="100%">
        <Stack gap="md">
          <Title order={1} fz={26}>
            {message(terminated ? M.terminatedTitle : M.title)}
          </Title>
          <Group gap="xs">
            <Text fw={500}>{t('dash.status.label')}</Text>
            <Badge size="lg" variant="light" color={walletStatusColor(code)} data-testid="wallet-status">
              {t(`dash.walletStatus.${code === 'A' || code === 'D' ? code : 'none'}`)}
            </Badge>
          </Group>
          <Text fz="sm" c="dimmed">
            <Tagged
              id="dash.status.connected"
              values={{ address: address ?? '' }}
              tags={{
                address: (text) => (
                  <Text span ff="monospace" c="var(--mantine-color-text)" style={{ wordBreak: 'break-all' }}>
                    {text}
                  </Text>
                ),
              }}
            />
          </Text>
          <StatusNotes view={view} registered={registration.registered} />
          {terminated && address && (
            <TerminatedAccount address={address} comeBack={status.data!.TerminatedForCredits === 'Y'} />
          )}
          {view.kind === 'register' && (
            <Suspense fallback={null}>
              <RegisterWallet registration={registration} agents={agents.data ?? []} />
            </Suspense>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}

/** What the status means: approved (and just registered), terminated, or switch wallets. */
function StatusNotes({ view, registered }: { view: AccountStatusView; registered: boolean }) {
  const { t, message } = useT();
  return (
    <>
      {view.kind === 'approved' && registered && (
        <Alert
          color="teal"
          variant="light"
          title={t('dash.status.registered')}
          data-testid="wallet-registered"
        >
          {t('dash.status.registeredText')}
        </Alert>
      )}
      {view.kind === 'approved' && (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text fz="sm">{t('dash.status.approved')}</Text>
        </Group>
      )}

      {view.kind === 'switch' && (
        <Alert color="yellow" variant="light" title={t('dash.status.switch')}>
          <Stack gap={4}>
            <Text fz="sm">{message(M.switchWallet)}</Text>
            {view.registered && (
              <Text fz="sm">
                <Tagged
                  id="dash.status.registeredWallet"
                  values={{ address: view.registered }}
                  tags={{
                    address: (text) => (
                      <Text span ff="monospace" style={{ wordBreak: 'break-all' }}>
                        {text}
                      </Text>
                    ),
                  }}
                />
              </Text>
            )}
          </Stack>
        </Alert>
      )}
    </>
  );
}
