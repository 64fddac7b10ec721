// The alert tests' clean slate: before each test, the alerts and what they are made from (the
// customers' charges, credits, payments and validators) are emptied, in an order the foreign keys allow.
import type { Database } from '../db/database.ts';

/** Empties the alert tables, `extra` (a test's own, emptied before the validators), the charges and validators. */
export async function emptyAlertTables(database: Database, extra: readonly string[] = []): Promise<void> {
  for (const table of [
    'alert',
    'alert_condition',
    'alert_preference',
    ...extra,
    'stake_charge',
    'stake_credit_state',
    'stake_payment',
    'eth2_validator_effective',
    'eth2_validator',
  ])
    await database.query(`DELETE FROM ${table}`);
}
