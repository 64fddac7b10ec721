// The dashboard's transactions (EthTxHistoryWs GetDailyHistory / GetRewardDetail): deposits and
// withdrawals one row each, rewards grouped per validator per UTC day and kind (spec 001's daily
// view: 'Staking Reward' rows of the attestation rewards, 'Fees Reward' and 'MEV Reward' rows of
// the execution-layer rewards paid to the fee recipient), each naming its validator; a group's entries (one per synced epoch range or proposed
// slot) are one call away. Newest first, exact numeric sums in SQL, the caller's own wallets only.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { REWARD_KINDS, type RewardKind, type TxHistoryReply, type TxHistoryRow } from '@payd/schemas';
import type { Db } from '../db/database.ts';
import { eth2Wallet } from '../db/schema.ts';
import type { Caller } from '../framework/definition.ts';
import { parsedRows } from '../framework/sqlText.ts';
import { forbidden } from '../wire/errors.ts';
import { StakingMessages } from './messages.ts';

async function walletIds(db: Db, caller: Caller, walletAddress: string): Promise<SQL> {
  const found = await db
    .select({ id: eth2Wallet.eth2WalletId })
    .from(eth2Wallet)
    .where(
      and(
        eq(eth2Wallet.usrId, caller.usrId),
        sql`lower(${eth2Wallet.eth1WithdrawalAddr}) = lower(${walletAddress})`,
      ),
    );
  if (!found.length) throw forbidden(StakingMessages.noWallet);
  return sql.join(
    found.map((w) => sql`${w.id}`),
    sql`, `,
  );
}

const kinds = sql.join(
  REWARD_KINDS.map((k) => sql`${k}`),
  sql`, `,
);

/** A history row or a reward group as the statements below read it: exact amounts and the
 * bigint numbers (block, epoch, slot, validator index) as text. */
const historyRow = z.object({
  row_key: z.string(),
  eth2_validator_id: z.coerce.number(),
  validator_index: z.string().nullable(),
  pub_key: z.string().nullable(),
  idx: z.coerce.number().nullable(),
  tx_kind: z.string(),
  day: z.string().nullable(),
  entries: z.coerce.number(),
  first_epoch: z.string().nullable(),
  last_epoch: z.string().nullable(),
  stake_amt: z.string(),
  withdraw_amt: z.string(),
  stake_reward_amt: z.string(),
  mining_reward_amt: z.string(),
  mev_reward_amt: z.string(),
  time_stamp: z.coerce.date(),
  block_nbr: z.string().nullable(),
  epoch_nbr: z.string().nullable(),
  slot_nbr: z.string().nullable(),
  tx_hash: z.string().nullable(),
  tx_status_cd: z.string().nullable(),
});

/** One row as the screens read it (the EthTxHistory22 names, plus the validator and the group). */
function rowOf(r: z.infer<typeof historyRow>): TxHistoryRow {
  const status = r.tx_status_cd;
  return {
    TxHistoryId22: r.row_key,
    Eth2ValidatorId22: r.eth2_validator_id,
    ValidatorIndex: r.validator_index,
    PubKey: r.pub_key,
    Idx: r.idx,
    Kind: r.tx_kind,
    /** UTC day (YYYY-MM-DD) of a reward group; null for a single row. */
    Day: r.day,
    /** How many history rows the row stands for (1 unless it is a group). */
    Entries: r.entries,
    FirstEpoch: r.first_epoch,
    LastEpoch: r.last_epoch,
    StakeAmt22: r.stake_amt,
    WithdrawAmt22: r.withdraw_amt,
    StakeRewardAmt22: r.stake_reward_amt,
    MiningRewardAmt22: r.mining_reward_amt,
    MEVRewardAmt22: r.mev_reward_amt,
    TimeStamp22: r.time_stamp.toISOString(),
    BlockNbr22: r.block_nbr,
    EpochNbr22: r.epoch_nbr,
    SlotNbr22: r.slot_nbr,
    TxHash22: r.tx_hash,
    TxStatusCd22: status,
    TxStatusCd22Text: status === 'S' ? 'Successful' : status === 'F' ? 'Failed' : '',
  };
}

const amounts = sql.raw(`sum(h.stake_amt)::numeric(38, 18)::text AS stake_amt,
  sum(h.withdraw_amt)::numeric(38, 18)::text AS withdraw_amt,
  sum(h.stake_reward_amt)::numeric(38, 18)::text AS stake_reward_amt,
  sum(h.mining_reward_amt)::numeric(38, 18)::text AS mining_reward_amt,
  sum(h.mev_reward_amt)::numeric(38, 18)::text AS mev_reward_amt`);
const single = sql.raw(`h.stake_amt::text AS stake_amt, h.withdraw_amt::text AS withdraw_amt,
  h.stake_reward_amt::text AS stake_reward_amt, h.mining_reward_amt::text AS mining_reward_amt,
  h.mev_reward_amt::text AS mev_reward_amt`);

/**
 * The newest `limit` rows: deposits and withdrawals as they are, rewards one row per validator,
 * UTC day and kind. Only the days that can hold those rows are read: each day with history makes
 * at least one row, so the `limit` newest days of the daily summary hold them all.
 */
export async function getDailyHistory(
  db: Db,
  caller: Caller,
  walletAddress: string,
  limit: number,
): Promise<TxHistoryReply> {
  const ids = await walletIds(db, caller, walletAddress);
  const [cut] = await parsedRows(
    db,
    sql`SELECT min(day)::text AS day FROM (SELECT DISTINCT day FROM eth_tx_daily
          WHERE eth2_wallet_id IN (${ids}) AND tx_count > 0 ORDER BY day DESC LIMIT ${limit}) d`,
    z.object({ day: z.string().nullable() }),
  );
  const since = cut?.day
    ? sql`${cut.day}::date::timestamp AT TIME ZONE 'UTC'`
    : sql`'-infinity'::timestamptz`;
  const found = await parsedRows(
    db,
    sql`SELECT x.*, v.validator_index::text AS validator_index, v.pub_key, v.idx FROM (
          SELECT 'tx-' || h.tx_history_id AS row_key, h.eth2_validator_id, h.tx_kind, NULL::text AS day,
                 1 AS entries, h.epoch_nbr::text AS first_epoch, h.epoch_nbr::text AS last_epoch, ${single},
                 h.time_stamp, h.block_nbr::text AS block_nbr, h.epoch_nbr::text AS epoch_nbr,
                 h.slot_nbr::text AS slot_nbr, h.tx_hash, h.tx_status_cd
          FROM eth_tx_history h
          WHERE h.eth2_wallet_id IN (${ids}) AND h.usr_id = ${caller.usrId} AND h.time_stamp >= ${since}
            AND h.tx_kind NOT IN (${kinds})
          UNION ALL
          SELECT 'day-' || h.eth2_validator_id || '-' || (h.time_stamp AT TIME ZONE 'UTC')::date || '-' || h.tx_kind,
                 h.eth2_validator_id, h.tx_kind, ((h.time_stamp AT TIME ZONE 'UTC')::date)::text, count(*)::int,
                 min(h.epoch_nbr)::text, max(h.epoch_nbr)::text, ${amounts}, max(h.time_stamp), NULL, NULL, NULL, NULL,
                 CASE WHEN bool_and(h.tx_status_cd = 'S') THEN 'S' WHEN bool_or(h.tx_status_cd = 'F') THEN 'F' END
          FROM eth_tx_history h
          WHERE h.eth2_wallet_id IN (${ids}) AND h.usr_id = ${caller.usrId} AND h.time_stamp >= ${since}
            AND h.tx_kind IN (${kinds})
          GROUP BY h.eth2_validator_id, (h.time_stamp AT TIME ZONE 'UTC')::date, h.tx_kind
        ) x JOIN eth2_validator v ON v.eth2_validator_id = x.eth2_validator_id
        ORDER BY x.time_stamp DESC, x.row_key DESC
        LIMIT ${limit}`,
    historyRow,
  );
  return { Rows: found.map(rowOf) };
}

/** The history rows one daily reward row stands for (a validator's day of one kind), newest first. */
export async function getRewardDetail(
  db: Db,
  caller: Caller,
  walletAddress: string,
  validatorId: number,
  day: string,
  kind: RewardKind,
): Promise<TxHistoryReply> {
  const ids = await walletIds(db, caller, walletAddress);
  const found = await parsedRows(
    db,
    sql`SELECT 'tx-' || h.tx_history_id AS row_key, h.eth2_validator_id, h.tx_kind, NULL::text AS day, 1 AS entries,
               h.epoch_nbr::text AS first_epoch, h.epoch_nbr::text AS last_epoch, ${single}, h.time_stamp,
               h.block_nbr::text AS block_nbr, h.epoch_nbr::text AS epoch_nbr, h.slot_nbr::text AS slot_nbr,
               h.tx_hash, h.tx_status_cd, v.validator_index::text AS validator_index, v.pub_key, v.idx
        FROM eth_tx_history h JOIN eth2_validator v ON v.eth2_validator_id = h.eth2_validator_id
        WHERE h.eth2_wallet_id IN (${ids}) AND h.usr_id = ${caller.usrId}
          AND h.eth2_validator_id = ${validatorId} AND h.tx_kind = ${kind}
          AND h.time_stamp >= ${day}::date::timestamp AT TIME ZONE 'UTC'
          AND h.time_stamp < (${day}::date + 1)::timestamp AT TIME ZONE 'UTC'
        ORDER BY h.time_stamp DESC, h.tx_history_id DESC`,
    historyRow,
  );
  return { Rows: found.map(rowOf) };
}
