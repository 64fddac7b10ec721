// The Withdrawal Key card of /manageValidator ('Reveal 24 word mnemonic', an old sign-in confirmed
// in place) and its modal: the 24 words six a row and the steps to exit a validator without payd,
// each with a copy button.
import {
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { useConfig } from '../../shell/config.ts';
import { PendingIdentityAlert } from '../accounts/index.ts';
import { StakingCard } from '../../ui/pageParts.tsx';
import { manualExitSteps } from './manageExitSteps.ts';
import { useT } from '../../i18n/useT.ts';
import { wordRows, type ValidatorRow } from './validatorsRules.ts';

function CopyValue({ value, label }: { value: string; label: string }) {
  const { t } = useT();
  return (
    <CopyButton value={value} timeout={1500}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? t('manage.copied') : label} withArrow>
          <Button
            size="compact-xs"
            variant={copied ? 'filled' : 'light'}
            color={copied ? 'teal' : 'blue'}
            onClick={copy}
            aria-label={label}
          >
            {copied ? t('manage.copied') : t('manage.copy')}
          </Button>
        </Tooltip>
      )}
    </CopyButton>
  );
}

export function WithdrawalKeyModal({
  mnemonic,
  onClose,
  validators,
  chainId,
}: {
  mnemonic: string | null;
  onClose: () => void;
  /** The selected validator, or every live one. */
  validators: readonly ValidatorRow[];
  chainId: number | undefined;
}) {
  const { t } = useT();
  const { beaconUrl } = useConfig();
  const rows = mnemonic ? wordRows(mnemonic) : [];
  const steps = manualExitSteps(validators, chainId, beaconUrl);
  return (
    <Modal
      opened={Boolean(mnemonic)}
      onClose={onClose}
      title={<Text fw={700}>{t('manage.key.title')}</Text>}
      size="xl"
      centered
    >
      <Stack gap="md">
        <Alert color="red" variant="light">
          {t('manage.key.warning')}
        </Alert>
        <Paper withBorder p="sm" data-testid="mnemonic-words">
          <Stack gap={6}>
            {rows.map((row, r) => (
              // Six a row; on a phone the row's words two or three a line, in the same order.
              <SimpleGrid key={r} cols={{ base: 2, xs: 3, sm: 6 }} spacing={6} data-testid="mnemonic-row">
                {row.map((w, i) => (
                  <Group key={i} gap={4} wrap="nowrap">
                    <Text fz="xs" c="dimmed" w={20} ta="right">
                      {r * 6 + i + 1}.
                    </Text>
                    <Text ff="monospace" fz="sm" fw={600} data-testid="mnemonic-word">
                      {w}
                    </Text>
                  </Group>
                ))}
              </SimpleGrid>
            ))}
          </Stack>
        </Paper>
        <Group justify="flex-end">
          <CopyValue value={mnemonic ?? ''} label={t('manage.key.copyWords')} />
        </Group>
        <Text fw={700}>{t('manage.key.exitYourself')}</Text>
        <Stack gap="xs">
          {steps.map((s, i) => (
            <Stack key={i} gap={4}>
              <Text fz="sm">
                {i + 1}. {t(s.id, s.values)}
              </Text>
              {s.command ? (
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  <Code block style={{ flex: 1, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                    {s.command}
                  </Code>
                  <CopyValue value={s.command} label={t('manage.key.copyStep', { n: i + 1 })} />
                </Group>
              ) : null}
            </Stack>
          ))}
        </Stack>
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('manage.close')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export function WithdrawalKeyCard({
  needsSignIn,
  identity,
  revealError,
  revealing,
  onReveal,
  disabled,
}: {
  /** The reveal was refused for an old sign-in. */
  needsSignIn: boolean;
  identity: { pending: string | null; reopen: () => void };
  revealError: Error | null;
  revealing: boolean;
  onReveal: () => void;
  disabled: boolean;
}) {
  const { t } = useT();
  return (
    <StakingCard title={t('manage.key.title')}>
      <Text fz="sm" c="dimmed">
        {t('manage.key.intro')}
      </Text>
      {needsSignIn ? (
        <PendingIdentityAlert identity={identity} testId="reauth-message" />
      ) : revealError ? (
        <Alert color="red" variant="light">
          {revealError.message}
        </Alert>
      ) : null}
      <Group>
        <Button variant="light" color="orange" onClick={onReveal} loading={revealing} disabled={disabled}>
          {t('manage.key.reveal')}
        </Button>
      </Group>
    </StakingCard>
  );
}
