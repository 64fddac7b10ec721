// The customer's own operations the beacon chain confirmed: each top-up the validator sync marked
// credited (staking/topUps.ts settleTopUps, the one rule that decides it: the beacon balance holds the
// balance before plus the amount). Each is an event keyed by the top-up, told once; only those of the
// last `RECENT_DAYS`, so a customer is not sent the history from before alerts existed.
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
  return credited.map((r) => ({
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
}
