// The two places in each dashboard validator row (table and card alike) that issue 25 fills from
// other branches: its pending operations with their dates (deposit, top-up, exit, partial
// withdrawal, consolidation: `PendingOperations`) and its actions (top-up, upgrade to 0x02,
// consolidate, partial withdrawal, exit: the action modals). Until they are wired here, a row shows
// a dash and no action. WIRE AT MERGE: render <PendingOperations validator={v} /> and the actions
// menu in these two components; the dashboard's table columns and cards already place them.
import { Text } from '@mantine/core';
import type { ValidatorRow } from './validatorsRules.ts';

/** The validator's pending operations and their expected dates. */
export function ValidatorPendingOperations({ v }: { v: ValidatorRow }) {
  return (
    <Text span fz="sm" c="dimmed" data-testid="validator-pending" data-validator={String(v.Eth2ValidatorId5)}>
      -
    </Text>
  );
}

/** What the customer can do with the validator from its row. */
export function ValidatorActions({ v }: { v: ValidatorRow }) {
  return <span data-testid="validator-actions" data-validator={String(v.Eth2ValidatorId5)} />;
}
