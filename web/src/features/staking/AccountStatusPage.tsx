// /accountStatus, the wallet status page (spec 001 'Wallet status page' and section 4 'Wallet
// registration status'): Approved goes on, Declined shows the terminated account, another wallet
// tied to the account asks to switch, and an unregistered wallet is registered here with an
// optional agent ('Confirm Wallet Registration').
import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useConnection, useSignMessage } from 'wagmi';
import { walletRegistrationMessage } from '@payd/schemas';
import { useApi, useSession } from '../../auth/session.tsx';
import {
  confirmWalletState,
  forgetOrigin,
  rememberedOrigin,
  resetGuardMemory,
} from '../../auth/originStore.ts';
import { ACCOUNT_STATUS_PATH } from '../../routes/paths.ts';
import {
  AccountStatusMessages as M,
  WALLET_PAGE_DELAY_MS,
  accountStatusView,
  onwardTarget,
  walletStatusText,
} from './accountStatusRules.ts';
import {
  STAKE_USER_INFO,
  registerWallet,
  useWalletStatus,
  walletStatusKey,
  type WalletStatus,
} from './stakingApi.ts';
import { notify } from '../../notifications/notify.ts';
import { registeredWalletsKey } from '../../auth/useCustomerProgress.ts';
import { setKnownWalletStatus } from './walletStatusStore.ts';

/** Agents offered at registration (StakeUserInfoWs GetAgentNumber17List). */
function useAgents() {
  const api = useApi();
  return useQuery({
    queryKey: ['staking', 'agents'],
    queryFn: async () =>
      (
        await api.call<{ key: string; label: string }[]>(STAKE_USER_INFO, 'GetAgentNumber17List', {
          query: '',
          topN: 50,
        })
      ).data ?? [],
    staleTime: 10 * 60_000,
    meta: { silent: true }, // failed dropdown loads are only logged (spec 001 section 7)
  });
}

export function AccountStatusPage() {
  const { address } = useConnection();
  const { user } = useSession();
  const api = useApi();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const status = useWalletStatus(address);
  const { signMessageAsync } = useSignMessage();
  const agents = useAgents();
  const [agent, setAgent] = useState<string | null>(null);
  const [registered, setRegistered] = useState(false);
  const view = status.data ? accountStatusView(status.data) : null;

  // The navigation shell shows the sidebar from what this page found.
  useEffect(() => {
    if (status.data && user?.UsrId && address)
      setKnownWalletStatus({ usrId: user.UsrId, address, code: status.data.StakeWalletStatusCd2 });
  }, [status.data, user?.UsrId, address]);

  // Approved and the connected wallet: on to where the user was going, after the page delay.
  // Anything else: this session has not passed the wallet-state check (a declined wallet, another
  // wallet, or none registered), so the checked pages send the user back here.
  const kind = view?.kind;
  useEffect(() => {
    if (!kind) return;
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

  const register = useMutation({
    mutationFn: async () => {
      // The wallet signs that it is this account's (no transaction, no cost).
      const signedAt = new Date().toISOString();
      const message = walletRegistrationMessage({ address: address!, usrId: user!.UsrId, signedAt });
      const signature = await signMessageAsync({ message });
      await registerWallet(api, address!, agent, { WalletSignedAt: signedAt, WalletSignature: signature });
    },
    // Registered: the page says so (the status turns Approved, a notification), then goes on to
    // the dashboard after the wallet page delay, as for any approved wallet.
    onSuccess: async () => {
      if (user?.UsrId && address) setKnownWalletStatus({ usrId: user.UsrId, address, code: 'A' });
      setRegistered(true);
      qc.setQueryData<WalletStatus>(walletStatusKey(address!), (s) =>
        s ? { ...s, StakeWalletStatusCd2: 'A', StakeWalletStatusCd2Text: 'Approved', SwitchWallet: 'N' } : s,
      );
      notify({
        msgType: 'S',
        title: 'Wallet registered',
        message: 'Your wallet is registered to your account and approved for staking.',
      });
      await qc.invalidateQueries({ queryKey: walletStatusKey(address!) });
      await qc.invalidateQueries({ queryKey: registeredWalletsKey });
    },
  });

  if (status.isPending)
    return (
      <Center mih="40vh" role="status" aria-label="Loading wallet status">
        <Loader />
      </Center>
    );
  if (!view)
    return (
      <Alert color="red" title={M.title} maw={640} mx="auto">
        The wallet status could not be loaded. Please refresh the page.
      </Alert>
    );

  const code = status.data!.StakeWalletStatusCd2;
  const terminated = view.kind === 'terminated';
  return (
    <Center p={{ base: 0, xs: 'md' }}>
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', xs: 'xl' }} maw={640} w="100%">
        <Stack gap="md">
          <Title order={1} fz={26}>
            {terminated ? M.terminatedTitle : M.title}
          </Title>
          <Group gap="xs">
            <Text fw={500}>Status:</Text>
            <Badge
              size="lg"
              variant="light"
              color={code === 'A' ? 'teal' : code === 'D' ? 'red' : 'gray'}
              data-testid="wallet-status"
            >
              {walletStatusText(code)}
            </Badge>
          </Group>
          <Text fz="sm" c="dimmed">
            Connected wallet:{' '}
            <Text span ff="monospace" c="var(--mantine-color-text)" style={{ wordBreak: 'break-all' }}>
              {address}
            </Text>
          </Text>

          {view.kind === 'approved' && registered && (
            <Alert color="teal" variant="light" title="Wallet registered" data-testid="wallet-registered">
              This wallet is now registered to your account: you stake from it, and your deposits and
              withdrawals go to and from it.
            </Alert>
          )}
          {view.kind === 'approved' && (
            <Group gap="xs" role="status">
              <Loader size="xs" />
              <Text fz="sm">Your wallet is approved. Taking you to your dashboard…</Text>
            </Group>
          )}

          {terminated && (
            <Alert color="red" variant="light">
              {M.terminated}{' '}
              <Link to="/customer-support" style={{ color: 'inherit', fontWeight: 600 }}>
                Contact support
              </Link>
            </Alert>
          )}

          {view.kind === 'switch' && (
            <Alert color="yellow" variant="light" title="Switch wallets">
              <Stack gap={4}>
                <Text fz="sm">{M.switchWallet}</Text>
                {view.registered && (
                  <Text fz="sm">
                    Registered wallet:{' '}
                    <Text span ff="monospace" style={{ wordBreak: 'break-all' }}>
                      {view.registered}
                    </Text>
                  </Text>
                )}
              </Stack>
            </Alert>
          )}

          {view.kind === 'register' && (
            <Stack gap="md">
              <Text fz="sm">
                This wallet is not registered to your account yet. Register it to stake from it: you keep your
                keys, and deposits and withdrawals go to and from this wallet. Your wallet asks you to sign a
                message that proves the wallet is yours: it sends no transaction and costs nothing.
              </Text>
              <Select
                label={M.agentLabel}
                description={M.agentHelp}
                placeholder="No agent"
                data={(agents.data ?? []).map((a) => ({ value: a.key, label: a.label }))}
                value={agent}
                onChange={setAgent}
                clearable
                searchable
                nothingFoundMessage="No agents"
                comboboxProps={{ withinPortal: true }}
              />
              <Group justify="flex-end">
                <Button size="md" loading={register.isPending} onClick={() => register.mutate()}>
                  {M.confirm}
                </Button>
              </Group>
            </Stack>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
