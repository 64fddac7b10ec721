// The two places in each dashboard validator row (table and card alike) of issue 25: its pending
// operations with their expected dates (deposit, top-up, activation, exit, partial withdrawal,
// consolidation; one GetPendingOperations read for the whole wallet, shared by every row) and its
// actions (top-up, upgrade to 0x02, consolidate, partial withdrawal, exit from the wallet), which
// open on /manageValidator with the validator selected.
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Eth2Wallet, type PendingOperationEntry } from '@payd/schemas';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useConnection } from 'wagmi';
import { useApi } from '../../shell/session/session.tsx';
import { stakingKeys, useChainNow } from './dashboardApi.ts';
import { opExpectedWords, opNameWords } from './dashboardTexts.ts';
import { useT } from '../../i18n/useT.ts';
import { manageValidatorPath, topUpPath } from './topUpRules.ts';
import { offeredRequests, rowKind } from './validatorRequestRules.ts';
import type { ValidatorRow } from './validatorsRules.ts';

/** The connected wallet's pending operations, read once for every row (same query key). */
function useWalletPendingOperations() {
  const api = useApi();
  const { address } = useConnection();
  return useQuery({
    queryKey: [...stakingKeys.all, 'pendingOperations', (address ?? '').toLowerCase(), 'all'],
    queryFn: async () =>
      (await api.call(Eth2Wallet.GetPendingOperations, { walletAddress: address ?? '' })).data,
    enabled: Boolean(address),
    refetchInterval: 60_000,
  });
}

const ofValidator = (ops: readonly PendingOperationEntry[], v: ValidatorRow) =>
  ops.filter((op) => op.PubKey.toLowerCase() === String(v.PubKey5).toLowerCase());

/** The validator's pending operations and their expected dates. */
export function ValidatorPendingOperations({ v }: { v: ValidatorRow }) {
  const q = useWalletPendingOperations();
  const now = useChainNow();
  const tr = useT();
  const ops = q.data ? ofValidator(q.data.Operations, v) : [];
  return (
    <Stack gap={2} data-testid="validator-pending" data-validator={String(v.Eth2ValidatorId5)}>
      {ops.length === 0 ? (
        <Text span fz="sm" c="dimmed">
          -
        </Text>
      ) : (
        ops.map((op) => (
          <Text
            key={`${op.Kind}-${op.Position ?? ''}-${op.Epoch ?? ''}`}
            fz="sm"
            data-testid="validator-pending-op"
          >
            {tr.t('dash.op.line', { name: opNameWords(tr, op), expected: opExpectedWords(tr, op, now) })}
          </Text>
        ))
      )}
    </Stack>
  );
}

/** What the customer can do with the validator from its row. */
export function ValidatorActions({ v }: { v: ValidatorRow }) {
  const pubkey = String(v.PubKey5);
  const requests = offeredRequests(v);
  const { t } = useT();
  if (requests.length === 0)
    return <span data-testid="validator-actions" data-validator={String(v.Eth2ValidatorId5)} />;
  return (
    <Group gap="xs" wrap="nowrap" data-testid="validator-actions" data-validator={String(v.Eth2ValidatorId5)}>
      {rowKind(v) === '0x02' ? (
        <Anchor component={Link} to={topUpPath(pubkey)} fz="sm" underline="always">
          {t('dash.actions.topUp')}
        </Anchor>
      ) : null}
      <Anchor
        component={Link}
        to={manageValidatorPath(pubkey)}
        fz="sm"
        underline="always"
        aria-label={t(rowKind(v) === '0x01' ? 'dash.actions.manage01' : 'dash.actions.manage02', {
          key: pubkey.slice(0, 10),
        })}
      >
        {t('dash.actions.manage')}
      </Anchor>
    </Group>
  );
}
