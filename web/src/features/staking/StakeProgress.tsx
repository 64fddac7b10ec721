// The stake's progress card on /stakeETH (spec 001 section 4): the validator keys, the deposit
// data checked n of N, the wallet's approval, the deposit's hash with its explorer link, and its
// confirmation; what the person may do meanwhile (leave once it is sent, go back when it failed).
import { Anchor, Button, Group, Loader, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { useBlockNumber } from 'wagmi';
import { networkLinks } from './networkLinks.ts';
import { confirmationsOf } from './pendingDeposit.ts';
import { formatNumber } from '@payd/i18n';
import { stakeAmountEth } from './stakeRules.ts';
import { useT } from '../../i18n/useT.ts';

/** Where a stake is: the phases the progress card shows, in order. */
export type Progress =
  | { phase: 'keys'; validators: number; startedAt: number }
  | { phase: 'checking'; validators: number; checked: number }
  | { phase: 'approval'; validators: number }
  | { phase: 'sent'; validators: number; hash: `0x${string}`; resumed: boolean }
  | { phase: 'confirmed'; validators: number; hash: `0x${string}`; block: bigint }
  | { phase: 'failed'; validators: number; hash: `0x${string}`; message: string };

const PHASES = ['keys', 'checking', 'approval', 'sent', 'confirmed'] as const;

/** Seconds since `since`, ticking. */
function Elapsed({ since }: { since: number }) {
  const { t } = useT();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(t);
  }, []);
  return <>{t('stake.progress.seconds', { seconds: Math.max(0, Math.floor((now - since) / 1000)) })}</>;
}

function Step({ state, children }: { state: 'done' | 'now' | 'later' | 'failed'; children: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" data-state={state}>
      <ThemeIcon
        radius="xl"
        size={24}
        variant={state === 'done' || state === 'failed' ? 'filled' : 'light'}
        color={state === 'done' ? 'teal' : state === 'failed' ? 'red' : state === 'now' ? 'payd' : 'gray'}
        aria-hidden
      >
        {state === 'done' ? '✓' : state === 'failed' ? '!' : state === 'now' ? <Loader size={12} /> : ''}
      </ThemeIcon>
      <div style={{ minWidth: 0, flex: 1 }}>{children}</div>
    </Group>
  );
}

/** The stake's progress: keys, deposit data, the wallet's approval, the deposit and its confirmation. */
export function StakeProgress({
  progress,
  chainId,
  onDismiss,
}: {
  progress: Progress;
  /** The connected chain, whose explorer shows the deposit's transaction. */
  chainId: number | undefined;
  onDismiss: () => void;
}) {
  // The chain's head, watched while the deposit waits for its confirmations.
  const { t, message, lang } = useT();
  const head = useBlockNumber({ watch: progress.phase === 'sent' || progress.phase === 'confirmed' }).data;
  const n = progress.validators;
  const at = progress.phase === 'failed' ? 3 : PHASES.indexOf(progress.phase);
  const state = (i: number) =>
    progress.phase === 'failed' && i === 3 ? 'failed' : i < at ? 'done' : i === at ? 'now' : 'later';
  const hash = 'hash' in progress ? progress.hash : null;
  const link = hash ? networkLinks(chainId).tx(hash) : null;
  const canLeave = progress.phase === 'sent';
  const amount = formatNumber(lang, stakeAmountEth(n));
  const confirmations = progress.phase === 'confirmed' ? confirmationsOf(progress.block, head) : 0;
  return (
    <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }} data-testid="stake-progress">
      <Stack gap="md" role="status" aria-live="polite">
        <Text fw={600} fz="lg">
          {t('stake.creating')}
        </Text>
        <Step state={state(0)}>
          <Text fz="sm">
            {state(0) === 'done'
              ? t('stake.progress.keysMade', { count: n })
              : t('stake.progress.creatingKeys', { count: n })}
            {progress.phase === 'keys' && (
              <Text span c="dimmed" fz="sm">
                {' '}
                <Elapsed since={progress.startedAt} />
              </Text>
            )}
          </Text>
        </Step>
        <Step state={state(1)}>
          <Text fz="sm">
            {progress.phase === 'checking'
              ? t('stake.progress.checking', { checked: progress.checked, count: n })
              : state(1) === 'done'
                ? t('stake.progress.checked', { count: n })
                : t('stake.progress.check')}
          </Text>
        </Step>
        <Step state={state(2)}>
          <Text fz="sm">
            {state(2) === 'now'
              ? t('stake.progress.approve', { amount })
              : t('stake.progress.deposit', { amount })}
          </Text>
        </Step>
        <Step state={state(3)}>
          <Text fz="sm">
            {progress.phase === 'failed'
              ? message(progress.message)
              : hash && progress.phase === 'sent'
                ? t('stake.progress.waiting')
                : t('stake.progress.sent')}
          </Text>
          {hash && (
            <Text fz="xs" ff="monospace" style={{ wordBreak: 'break-all' }} data-testid="deposit-tx">
              {link ? (
                <Anchor href={link} target="_blank" rel="noreferrer" fz="xs" ff="monospace">
                  {hash}
                </Anchor>
              ) : (
                hash
              )}
            </Text>
          )}
        </Step>
        <Step state={progress.phase === 'confirmed' ? 'done' : 'later'}>
          <Text fz="sm">
            {progress.phase === 'confirmed'
              ? t('stake.progress.confirmed', { block: String(progress.block), confirmations })
              : t('stake.progress.onChain')}
          </Text>
        </Step>
        <Text fz="sm" c="dimmed">
          {canLeave
            ? t('stake.progress.canLeave')
            : progress.phase === 'failed'
              ? t('stake.progress.nothing')
              : t('stake.dontLeave')}
        </Text>
        {(progress.phase === 'failed' || (progress.phase === 'sent' && progress.resumed)) && (
          <Group justify="flex-end">
            <Button variant="default" onClick={onDismiss}>
              {progress.phase === 'failed'
                ? t('stake.progress.backToForm')
                : t('stake.progress.stopWatching')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
