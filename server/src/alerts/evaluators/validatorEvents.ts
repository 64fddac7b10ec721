// Validator events as the validator sync (staking/syncJob.ts) records them from the beacon node:
// activated (activation time passed), exited (exit time passed), slashed (the time the sync first saw
// the beacon chain's `slashed` flag) and each withdrawal the sweep paid (eth_tx_history 'withdrawal' rows). Each is an event with its own key, told once. Only events of
// the last `recentDays` are told, so a customer is not sent the history from before alerts existed.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { parsedRows } from '../../framework/sqlText.ts';
import type { EventFinding } from '../record.ts';

const RECENT_DAYS = 2;

/** An ETH amount column (numeric text) without trailing zeros of its fraction. */
const ethText = (eth: string) => (eth.includes('.') ? eth.replace(/\.?0+$/, '') || '0' : eth);

const gweiToEth = (gwei: string) => {
  const g = BigInt(gwei.split('.')[0] ?? '0');
  const whole = g / 1_000_000_000n;
  const frac = (g % 1_000_000_000n).toString().padStart(9, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : whole.toString();
};

export async function findValidatorEvents(
  db: Db,
  now: Date,
): Promise<{
  activated: EventFinding[];
  exited: EventFinding[];
  slashed: EventFinding[];
  withdrawals: EventFinding[];
}> {
  const since = new Date(now.getTime() - RECENT_DAYS * 86_400_000).toISOString();
  const at = now.toISOString();
  const changes = await parsedRows(
    db,
    sql`SELECT v.usr_id, v.pub_key, v.validator_index::text AS idx, coalesce(v.effective_gwei, 32000000000)::text AS gwei,
               coalesce(v.balance, 0)::text AS balance,
               (v.activation_utc > ${since}::timestamptz AND v.activation_utc <= ${at}::timestamptz) AS activated,
               (v.exit_utc > ${since}::timestamptz AND v.exit_utc <= ${at}::timestamptz) AS exited
        FROM eth2_validator v
        WHERE (v.activation_utc > ${since}::timestamptz AND v.activation_utc <= ${at}::timestamptz)
           OR (v.exit_utc > ${since}::timestamptz AND v.exit_utc <= ${at}::timestamptz)`,
    z.object({
      usr_id: z.number(),
      pub_key: z.string(),
      idx: z.string().nullable(),
      gwei: z.string(),
      balance: z.string(),
      activated: z.boolean().nullable(),
      exited: z.boolean().nullable(),
    }),
  );
  const base = (r: (typeof changes)[number]) => ({ pubkey: r.pub_key.toLowerCase(), index: r.idx ?? '' });
  const activated = changes
    .filter((r) => r.activated)
    .map((r) => ({
      usrId: r.usr_id,
      subject: r.pub_key.toLowerCase(),
      occurrence: 'activated',
      facts: { ...base(r), balanceEth: gweiToEth(r.gwei) },
    }));
  const exited = changes
    .filter((r) => r.exited)
    .map((r) => ({
      usrId: r.usr_id,
      subject: r.pub_key.toLowerCase(),
      occurrence: 'exited',
      facts: { ...base(r), balanceEth: ethText(r.balance) },
    }));
  // A slashed validator already withdrawn (status 6) has nothing left to lose: quiet.
  const slashedRows = await parsedRows(
    db,
    sql`SELECT v.usr_id, v.pub_key, v.validator_index::text AS idx, coalesce(v.balance, 0)::text AS balance
        FROM eth2_validator v
        WHERE v.slashed_utc > ${since}::timestamptz AND v.slashed_utc <= ${at}::timestamptz
          AND v.validator_status_cd IS DISTINCT FROM '6'`,
    z.object({ usr_id: z.number(), pub_key: z.string(), idx: z.string().nullable(), balance: z.string() }),
  );
  const slashed = slashedRows.map((r) => ({
    usrId: r.usr_id,
    subject: r.pub_key.toLowerCase(),
    occurrence: 'slashed',
    facts: { pubkey: r.pub_key.toLowerCase(), index: r.idx ?? '', balanceEth: ethText(r.balance) },
  }));
  const paid = await parsedRows(
    db,
    sql`SELECT h.usr_id, v.pub_key, v.validator_index::text AS idx, h.source_key, h.withdraw_amt::text AS amt,
               coalesce(w.eth1_withdrawal_addr, '') AS address
        FROM eth_tx_history h JOIN eth2_validator v ON v.eth2_validator_id = h.eth2_validator_id
        JOIN eth2_wallet w ON w.eth2_wallet_id = h.eth2_wallet_id
        WHERE h.tx_kind = 'withdrawal' AND h.time_stamp > ${since}::timestamptz AND h.time_stamp <= ${at}::timestamptz`,
    z.object({
      usr_id: z.number(),
      pub_key: z.string(),
      idx: z.string().nullable(),
      source_key: z.string(),
      amt: z.string(),
      address: z.string(),
    }),
  );
  const withdrawals = paid.map((r) => ({
    usrId: r.usr_id,
    subject: r.pub_key.toLowerCase(),
    occurrence: `withdrawal:${r.source_key}`,
    facts: {
      pubkey: r.pub_key.toLowerCase(),
      index: r.idx ?? '',
      amountEth: ethText(r.amt),
      address: r.address,
    },
  }));
  return { activated, exited, slashed, withdrawals };
}
