// The stake's progress card on /stakeETH (spec 001 section 4): the validator keys, the deposit
// data checked n of N, the wallet's approval, the deposit's hash with its explorer link, and its
// confirmation; what the person may do meanwhile (leave once it is sent, go back when it failed).
import { Anchor, Button, Group, Loader, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { useBlockNumber } from 'wagmi';
import { networkLinks } from './networkLinks.ts';
import { confirmationsOf } from './pendingDeposit.ts';
import { plural } from './stakeFlow.ts';
import { StakeMessages, stakeAmountEth } from './stakeRules.ts';

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
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(t);
  }, []);
  return <>{Math.max(0, Math.floor((now - since) / 1000))} s</>;
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
  const head = useBlockNumber({ watch: progress.phase === 'sent' || progress.phase === 'confirmed' }).data;
  const n = progress.validators;
  const at = progress.phase === 'failed' ? 3 : PHASES.indexOf(progress.phase);
  const state = (i: number) =>
    progress.phase === 'failed' && i === 3 ? 'failed' : i < at ? 'done' : i === at ? 'now' : 'later';
  const hash = 'hash' in progress ? progress.hash : null;
  const link = hash ? networkLinks(chainId).tx(hash) : null;
  const canLeave = progress.phase === 'sent';
  return (
    <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }} data-testid="stake-progress">
      <Stack gap="md" role="status" aria-live="polite">
        <Text fw={600} fz="lg">
          {StakeMessages.creating}
        </Text>
        <Step state={state(0)}>
          <Text fz="sm">
            {state(0) === 'done'
              ? `${plural(n)}: keys made`
              : `Creating ${n} validator key${n === 1 ? '' : 's'}…`}
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
              ? `Checking the deposit data: ${progress.checked} of ${n}`
              : state(1) === 'done'
                ? `Deposit data checked: ${n} of ${n}`
                : 'Check the deposit data'}
          </Text>
        </Step>
        <Step state={state(2)}>
          <Text fz="sm">
            {state(2) === 'now'
              ? `Approve the deposit of ${stakeAmountEth(n)} ETH in your wallet`
              : `Deposit of ${stakeAmountEth(n)} ETH`}
          </Text>
        </Step>
        <Step state={state(3)}>
          <Text fz="sm">
            {progress.phase === 'failed'
              ? progress.message
              : hash
                ? progress.phase === 'sent'
                  ? 'Deposit sent, waiting for its confirmation…'
                  : 'Deposit sent'
                : 'Deposit sent'}
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
              ? `Confirmed in block ${progress.block} (${confirmationsOf(progress.block, head)} confirmation${confirmationsOf(progress.block, head) === 1 ? '' : 's'}). Taking you to your dashboard.`
              : 'Confirmed on chain'}
          </Text>
        </Step>
        <Text fz="sm" c="dimmed">
          {canLeave
            ? 'You can leave this page: the deposit is on its way, and this page picks it up again when you come back.'
            : progress.phase === 'failed'
              ? 'Nothing was deposited.'
              : StakeMessages.dontLeave}
        </Text>
        {(progress.phase === 'failed' || (progress.phase === 'sent' && progress.resumed)) && (
          <Group justify="flex-end">
            <Button variant="default" onClick={onDismiss}>
              {progress.phase === 'failed' ? 'Back to the form' : 'Stop watching this deposit'}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
