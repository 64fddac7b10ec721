// The customer's own operations the beacon chain confirmed: each top-up the validator sync marked
// credited (staking/topUps.ts settleTopUps, the one rule that decides it: the beacon balance holds the
// balance before plus the amount), and each new validator's deposit the beacon chain registered (the
// sync keeps the time its registry first held the validator: registered_utc, 0376). Each is an event
// keyed by the top-up or the validator, told once; only those of the last `RECENT_DAYS`, so a customer
// is not sent the history from before alerts existed. A deposit is told only while its validator is
// not active yet: once it is, the activation alert says more (a sync that first saw the validator
// already active, or a pass that comes late, leaves it to that alert). findDroppedDeposits: the
// request_ignored side of a new validator's deposit, dropped by the beacon chain (the sync keeps the
// time it first saw that: deposit_dropped_utc, 0377, staking/droppedDeposits.ts).
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { gweiToEthText } from '@payd/schemas';
import type { Db } from '../../db/database.ts';
import { parsedRows } from '../../framework/sqlText.ts';
import type { EventFinding } from '../record.ts';

const RECENT_DAYS = 2;

export async function findConfirmedRequests(db: Db, now: Date): Promise<EventFinding[]> {
  const since = new Date(now.getTime() - RECENT_DAYS * 86_400_000).toISOString();
  const credited = await parsedRows(
    db,
    sql`SELECT t.usr_id, t.top_up_id, t.amount_gwei::text AS gwei, v.pub_key, v.validator_index::text AS idx,
               coalesce(v.balance, 0)::text AS balance
        FROM validator_top_up t JOIN eth2_validator v ON v.eth2_validator_id = t.eth2_validator_id
        WHERE t.state = 'credited' AND t.credited_utc > ${since}::timestamptz
          AND t.credited_utc <= ${now.toISOString()}::timestamptz`,
    z.object({
      usr_id: z.number(),
      top_up_id: z.number(),
      gwei: z.string(),
      pub_key: z.string(),
      idx: z.string().nullable(),
      balance: z.string(),
    }),
  );
  const registered = await parsedRows(
    db,
    sql`SELECT v.usr_id, v.pub_key, v.validator_index::text AS idx, v.deposit_gwei::text AS gwei
        FROM eth2_validator v
        WHERE v.registered_utc > ${since}::timestamptz AND v.registered_utc <= ${now.toISOString()}::timestamptz
          AND (v.activation_utc IS NULL OR v.activation_utc > ${now.toISOString()}::timestamptz)`,
    z.object({ usr_id: z.number(), pub_key: z.string(), idx: z.string().nullable(), gwei: z.string() }),
  );
  const deposits = registered.map((r) => ({
    usrId: r.usr_id,
    subject: r.pub_key.toLowerCase(),
    occurrence: 'deposit',
    facts: {
      operation: 'deposit',
      pubkey: r.pub_key.toLowerCase(),
      index: r.idx ?? '',
      amountEth: gweiToEthText(r.gwei),
    },
  }));
  const topUps = credited.map((r) => ({
    usrId: r.usr_id,
    subject: r.pub_key.toLowerCase(),
    occurrence: `top-up:${r.top_up_id}`,
    facts: {
      operation: 'top-up',
      pubkey: r.pub_key.toLowerCase(),
      index: r.idx ?? '',
      amountEth: gweiToEthText(r.gwei),
      balanceEth: r.balance.includes('.') ? r.balance.replace(/\.?0+$/, '') || '0' : r.balance,
    },
  }));
  return [...deposits, ...topUps];
}

/** New validators' deposits the beacon chain dropped (request_ignored, operation 'deposit'), each told once. */
export async function findDroppedDeposits(db: Db, now: Date): Promise<EventFinding[]> {
  const since = new Date(now.getTime() - RECENT_DAYS * 86_400_000).toISOString();
  const dropped = await parsedRows(
    db,
    sql`SELECT v.usr_id, v.pub_key, v.deposit_gwei::text AS gwei
        FROM eth2_validator v
        WHERE v.deposit_dropped_utc > ${since}::timestamptz
          AND v.deposit_dropped_utc <= ${now.toISOString()}::timestamptz`,
    z.object({ usr_id: z.number(), pub_key: z.string(), gwei: z.string() }),
  );
  return dropped.map((r) => ({
    usrId: r.usr_id,
    subject: r.pub_key.toLowerCase(),
    occurrence: 'deposit',
    facts: { operation: 'deposit', pubkey: r.pub_key.toLowerCase(), amountEth: gweiToEthText(r.gwei) },
  }));
}
