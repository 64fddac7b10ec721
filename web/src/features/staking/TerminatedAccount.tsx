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
import { comeBackOpen, exitedValidators, lastExitAt } from './terminationRules.ts';
import { dateTimeIn, exitWords } from './dashboardTexts.ts';
import { useT } from '../../i18n/useT.ts';

/** The pages a terminated account keeps, with their catalogue ids. */
const KEPT: { to: string; label: string }[] = [
  { to: '/dashboard', label: 'dash.kept.dashboard' },
  { to: '/accountStatements', label: 'dash.kept.accountStatements' },
  { to: '/rewardStatements', label: 'dash.kept.rewardStatements' },
  { to: '/payment', label: 'dash.kept.payment' },
  { to: '/manageValidator', label: 'dash.kept.keys' },
];

function Exits({ address }: { address: string }) {
  const validators = useValidators(address);
  const exits = useExits(address, validators.wallets.length > 0);
  const now = useChainNow();
  const tr = useT();
  const byKey = new Map((exits.data ?? []).map((e) => [e.PubKey.toLowerCase(), e]));
  const listed = exitedValidators(validators.data ?? []);
  if (!listed.length) return null;
  return (
    <Stack gap={6} data-testid="exits">
      <Title order={2} fz="lg">
        {tr.t('dash.exit.title')}
      </Title>
      {listed.map((v) => {
        const line = exitWords(tr, v, byKey.get(String(v.PubKey5 ?? '').toLowerCase()), now);
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
  const last = lastExitAt(all, exits.data ?? []);
  const { t, lang } = useT();
  return (
    <Stack gap={6} data-testid="come-back">
      <Title order={2} fz="lg">
        {t('dash.comeBack.title')}
      </Title>
      <Text fz="sm">{t('dash.comeBack.text')}</Text>
      {open ? (
        <Button
          onClick={() => back.mutate()}
          loading={back.isPending}
          style={{ alignSelf: 'flex-start' }}
          data-testid="come-back-button"
        >
          {t('dash.comeBack.button')}
        </Button>
      ) : (
        <Text fz="sm" c="dimmed" data-testid="come-back-wait">
          {last
            ? t('dash.comeBack.after', { when: dateTimeIn(lang, new Date(last)) })
            : t('dash.comeBack.once')}
        </Text>
      )}
    </Stack>
  );
}

/** `comeBack`: false for a wallet staff declined, which only support can reopen. */
export function TerminatedAccount({ address, comeBack }: { address: string; comeBack: boolean }) {
  const { t, message } = useT();
  return (
    <Stack gap="lg">
      <Alert color="red" variant="light" data-testid="terminated-message">
        {message(M.terminated)}{' '}
        <Anchor component={Link} to="/customer-support" fw={600} c="inherit">
          {t('dash.contactSupport')}
        </Anchor>
      </Alert>
      <Exits address={address} />
      <Stack gap={6}>
        <Title order={2} fz="lg">
          {t('dash.kept.title')}
        </Title>
        <Text fz="sm">{t('dash.kept.text')}</Text>
        <List fz="sm" spacing={4}>
          {KEPT.map((k) => (
            <List.Item key={k.to}>
              <Anchor component={Link} to={k.to}>
                {t(k.label)}
              </Anchor>
            </List.Item>
          ))}
        </List>
      </Stack>
      {comeBack ? (
        <ComeBack address={address} />
      ) : (
        <Text fz="sm" data-testid="declined-by-staff">
          {message(comeBackMessages.declinedByStaff)}
        </Text>
      )}
    </Stack>
  );
}
