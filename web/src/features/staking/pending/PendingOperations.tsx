// A validator's pending operations (issue 25 item 7): each deposit, top-up, activation, exit, partial
// withdrawal and consolidation with where it stands and its expected date, as the server dates them
// by the consensus-specs rules (Eth2WalletWs GetPendingOperations). Read again with every sync and
// every 12 seconds, so the dates move as the beacon chain's queues move.
import { Alert, Badge, Group, Stack, Text } from '@mantine/core';
import { Eth2Wallet, type PendingOperationEntry } from '@payd/schemas';
import { useQuery } from '@tanstack/react-query';
import { useConnection } from 'wagmi';
import { useApi } from '../../../shell/session/session.tsx';
import { stakingKeys, useChainNow } from '../dashboardApi.ts';
import { opAmountWords, opExpectedWords, opNameWords, opStateWords } from '../dashboardTexts.ts';
import { useT } from '../../../i18n/useT.ts';

export interface PendingOperationsProps {
  /** The validator's public key (0x + 96 hex). */
  pubkey: string;
  /** The withdrawal address of its wallet; the connected wallet's when absent. */
  walletAddress?: string;
}

/** The pending operations of one of the customer's validators, read from the server. */
export function PendingOperations({ pubkey, walletAddress }: PendingOperationsProps) {
  const api = useApi();
  const { address: connected } = useConnection();
  const address = walletAddress ?? connected;
  const now = useChainNow();
  const { t } = useT();
  const q = useQuery({
    queryKey: [...stakingKeys.all, 'pendingOperations', (address ?? '').toLowerCase(), pubkey.toLowerCase()],
    queryFn: async () =>
      (await api.call(Eth2Wallet.GetPendingOperations, { walletAddress: address ?? '', pubkey })).data,
    enabled: Boolean(address),
    // every two dev slots (the server reads the beacon node once per head slot for every caller)
    refetchInterval: 12_000,
  });
  if (q.isError)
    return (
      <Alert color="yellow" variant="light" data-testid="pending-operations-error">
        {q.error instanceof Error ? q.error.message : t('dash.pending.unreadable')}
      </Alert>
    );
  if (!q.data) return null;
  return <PendingOperationsList operations={q.data.Operations} now={now} />;
}

/** The list itself, for a caller that has the entries already. */
export function PendingOperationsList({
  operations,
  now,
}: {
  operations: readonly PendingOperationEntry[];
  /** The chain's time, in ms (useChainNow). */
  now: number;
}) {
  const tr = useT();
  const { t } = tr;
  return (
    <Stack gap="xs" data-testid="pending-operations">
      <Text fw={600} fz="sm">
        {t('dash.pending.title')}
      </Text>
      {operations.length === 0 ? (
        <Text c="dimmed" fz="sm">
          {t('dash.pending.nothing')}
        </Text>
      ) : (
        operations.map((op) => {
          const amount = opAmountWords(tr, op);
          return (
            <Stack
              key={`${op.Kind}-${op.PubKey}-${op.Position ?? ''}-${op.Epoch ?? ''}`}
              gap={2}
              data-testid="pending-operation"
            >
              <Group gap="xs">
                <Badge variant="light">{opNameWords(tr, op)}</Badge>
                {amount ? <Text fz="sm">{amount}</Text> : null}
                <Text fz="sm" c="dimmed">
                  {opStateWords(tr, op)}
                </Text>
              </Group>
              <Text fz="sm">{opExpectedWords(tr, op, now)}</Text>
            </Stack>
          );
        })
      )}
    </Stack>
  );
}
