// What /accountStatus shows a terminated account (issue 24): why, where each validator's exit
// stands and when its ETH is expected, what the customer keeps (read-only pages, support), and
// how to come back (register the wallet again once every validator has exited).
import { Alert, Anchor, Button, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { comeBackMessages } from '@payd/schemas';
import { useSignMessage } from 'wagmi';
import { useSession } from '../../shell/session/session.tsx';
import { AccountStatusMessages as M } from './accountStatusRules.ts';
import { useChainNow, useValidators } from './dashboardApi.ts';
import { useComeBack, useExits } from './terminationApi.ts';
import { comeBackOpen, exitLine, exitedValidators, lastExitText } from './terminationRules.ts';

const KEPT: { to: string; label: string }[] = [
  { to: '/dashboard', label: 'Dashboard: your validators, rewards and transactions' },
  { to: '/accountStatements', label: 'Account statements' },
  { to: '/rewardStatements', label: 'Reward statements' },
  { to: '/payment', label: 'Payment history' },
  { to: '/manageValidator', label: 'Deposit data, keystores and recovery words' },
];

function Exits({ address }: { address: string }) {
  const validators = useValidators(address);
  const exits = useExits(address, validators.wallets.length > 0);
  const now = useChainNow();
  const byKey = new Map((exits.data ?? []).map((e) => [e.PubKey.toLowerCase(), e]));
  const listed = exitedValidators(validators.data ?? []);
  if (!listed.length) return null;
  return (
    <Stack gap={6} data-testid="exits">
      <Title order={2} fz="lg">
        Your validators&apos; exits
      </Title>
      {listed.map((v) => {
        const line = exitLine(v, byKey.get(String(v.PubKey5 ?? '').toLowerCase()), now);
        return (
          <Stack key={line.pubkey} gap={0} data-testid="exit-line">
            <Text fz="sm" fw={600}>
              {line.name}
            </Text>
            <Text fz="sm">{line.state}</Text>
            {line.eth ? (
              <Text fz="sm" c="dimmed" data-testid="exit-eth">
                {line.eth}
              </Text>
            ) : null}
          </Stack>
        );
      })}
    </Stack>
  );
}

function ComeBack({ address }: { address: string }) {
  const { user } = useSession();
  const { signMessageAsync } = useSignMessage();
  const validators = useValidators(address);
  const exits = useExits(address, validators.wallets.length > 0);
  const back = useComeBack({ address, usrId: user?.UsrId, signMessage: signMessageAsync });
  const all = validators.data ?? [];
  const open = !validators.isPending && comeBackOpen(all);
  const last = lastExitText(all, exits.data ?? []);
  return (
    <Stack gap={6} data-testid="come-back">
      <Title order={2} fz="lg">
        Coming back
      </Title>
      <Text fz="sm">
        You are welcome to stake with payd again. Once every validator has exited the beacon chain, register
        this wallet again: your wallet signs a message that proves it is yours (no transaction, no cost). Then
        stake new validators and top up after your deposit. Your credit balance carries over; a balance below
        zero is paid by your next top-up.
      </Text>
      {open ? (
        <Button
          onClick={() => back.mutate()}
          loading={back.isPending}
          style={{ alignSelf: 'flex-start' }}
          data-testid="come-back-button"
        >
          Register this wallet again
        </Button>
      ) : (
        <Text fz="sm" c="dimmed" data-testid="come-back-wait">
          {last
            ? `Your validators are still exiting: you can come back after ${last}.`
            : 'Your validators are still exiting: you can come back once the beacon chain has exited them.'}
        </Text>
      )}
    </Stack>
  );
}

/** `comeBack`: false for a wallet staff declined, which only support can reopen. */
export function TerminatedAccount({ address, comeBack }: { address: string; comeBack: boolean }) {
  return (
    <Stack gap="lg">
      <Alert color="red" variant="light" data-testid="terminated-message">
        {M.terminated}{' '}
        <Anchor component={Link} to="/customer-support" fw={600} c="inherit">
          Contact support
        </Anchor>
      </Alert>
      <Exits address={address} />
      <Stack gap={6}>
        <Title order={2} fz="lg">
          What you keep
        </Title>
        <Text fz="sm">Your records and keys stay yours to read and download:</Text>
        <List fz="sm" spacing={4}>
          {KEPT.map((k) => (
            <List.Item key={k.to}>
              <Anchor component={Link} to={k.to}>
                {k.label}
              </Anchor>
            </List.Item>
          ))}
        </List>
      </Stack>
      {comeBack ? (
        <ComeBack address={address} />
      ) : (
        <Text fz="sm" data-testid="declined-by-staff">
          {comeBackMessages.declinedByStaff}
        </Text>
      )}
    </Stack>
  );
}
