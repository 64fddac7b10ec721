// SyncValidators (spec 001, issue 7): brings a set of validators in step with the beacon node —
// status codes, index, balance and effective balance, activation and exit epochs and times — and writes their deposits
// (the deposit contract's logs) and rewards since the last sync into eth_tx_history. Used by the
// dashboard's call (WalletActions.syncValidators, one customer's wallets) and by the server's sync
// job (syncJob.ts, every customer's wallets in batches). Idempotent and safe to run concurrently:
// history rows are unique on (validator, kind, source), each reward range is claimed with a
// compare-and-set on rewards_synced_epoch before its rows are written.
import { and, eq, sql } from 'drizzle-orm';
import { validatorKindOf, type QueueEntry, type SyncReply } from '@payd/schemas';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { eth2Validator, ethTxHistory } from '../db/schema.ts';
import type { Executor } from '../framework/sqlText.ts';
import { failed } from '../wire/errors.ts';
import {
  BeaconApiError,
  BeaconTime,
  statusCodeOf,
  type BeaconClient,
  type BeaconSpec,
  type BeaconValidator,
  type ValidatorRewards,
} from './beacon/index.ts';
import {
  datePendingOperations,
  exitEntry,
  queueEntry,
  readQueues,
  unseenDeposits,
  type DatedOperations,
} from './pendingOperations.ts';
import { droppedDeposits } from './droppedDeposits.ts';
import { gweiToEth } from './amounts.ts';
import type { DepositLog, DepositLogReader } from './depositLogs.ts';
import { StakingMessages } from './messages.ts';
import { settleTopUps } from './topUps.ts';

export interface SyncDeps {
  db: Db;
  clock: Clock;
  /** Null when no beacon node is configured: the sync then answers beacon_unavailable. */
  beacon: BeaconClient | null;
  deposits: DepositLogReader | null;
}

/** A validator as the sync reads it (eth2_validator). */
export interface SyncValidator {
  id: number;
  walletId: number;
  usrId: number;
  pubkey: string;
  code: string | null;
  rewardsSyncedEpoch: bigint | null;
  /** Where payd configured the validator's fees and MEV to go (lower case); null: not recorded. */
  feeRecipient: string | null;
}

/** Epochs a standard beacon node sums in one rewards call (HttpBeaconClient's default). */
const STANDARD_REWARD_EPOCHS = 225n;

/** What the beacon node says at one moment. */
interface BeaconView {
  spec: BeaconSpec;
  time: BeaconTime;
  head: bigint;
  headEpoch: bigint;
  byKey: Map<string, BeaconValidator>;
  onChain: number;
}

interface RewardRange {
  from: bigint;
  to: bigint;
  r: ValidatorRewards[];
}

const unavailable = () => failed('beacon_unavailable', StakingMessages.beaconUnavailable);

/** Spec, genesis, head and the validators' beacon state; a beacon error answers beacon_unavailable. */
export async function readBeacon(beacon: BeaconClient, pubkeys: string[]): Promise<BeaconView> {
  try {
    const [spec, genesis, head, onChain] = await Promise.all([
      beacon.getSpec(),
      beacon.getGenesis(),
      beacon.getHeadSlot(),
      beacon.getValidators(pubkeys),
    ]);
    return {
      spec,
      time: new BeaconTime(genesis, spec),
      head,
      headEpoch: head / spec.slotsPerEpoch,
      byKey: new Map(onChain.map((b) => [b.pubkey.toLowerCase(), b])),
      onChain: onChain.length,
    };
  } catch (err) {
    if (err instanceof BeaconApiError) throw unavailable();
    throw err;
  }
}

/**
 * The dates of every pending operation (pendingOperations.ts), with the deposits the execution chain
 * made that the node does not show yet; null when the node cannot serve its queues (the dates are a
 * courtesy: the sync goes on without them).
 */
export async function readDates(
  beacon: BeaconClient,
  deposits: DepositLog[],
): Promise<DatedOperations | null> {
  try {
    return await datePendingOperations(beacon, unseenDeposits(deposits));
  } catch (err) {
    if (!(err instanceof BeaconApiError)) throw err;
    return null;
  }
}

/**
 * The deposits of validators the registry does not hold that the beacon chain dropped
 * (droppedDeposits.ts), believed only when a registry read made after the queues' still does not
 * hold their pubkeys; none when the node cannot serve its queues.
 */
export async function readDropped(
  beacon: BeaconClient,
  view: BeaconView,
  deposits: DepositLog[],
): Promise<DepositLog[]> {
  const unregistered = deposits.filter((x) => !view.byKey.has(x.pubkey));
  if (!unregistered.length) return [];
  try {
    const dropped = droppedDeposits(await readQueues(beacon), view.spec, view.time, unregistered);
    if (!dropped.length) return [];
    const now = await beacon.getValidators([...new Set(dropped.map((x) => x.pubkey))]);
    const held = new Set(now.map((b) => b.pubkey.toLowerCase()));
    return dropped.filter((x) => !held.has(x.pubkey));
  } catch (err) {
    if (!(err instanceof BeaconApiError)) throw err;
    return [];
  }
}

/** Marks the validators of `dropped` (the head's time, once): a deposit of theirs made no validator. */
export async function writeDropped(
  tx: Executor,
  all: SyncValidator[],
  dropped: readonly DepositLog[],
  headUtc: string,
): Promise<void> {
  const keys = new Set(dropped.map((x) => x.pubkey));
  const ids = all.filter((v) => keys.has(v.pubkey)).map((v) => v.id);
  if (!ids.length) return;
  await tx.execute(
    sql`UPDATE eth2_validator SET deposit_dropped_utc = coalesce(deposit_dropped_utc, ${headUtc}::timestamptz)
        WHERE eth2_validator_id IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) AND validator_index IS NULL`,
  );
}

/** Validators waiting for activation (on the beacon chain, pending, or deposited only): their dates. */
export function activationQueue(
  all: SyncValidator[],
  view: BeaconView,
  deposits: DepositLog[],
  dates: DatedOperations | null,
): QueueEntry[] {
  if (!dates) return [];
  const depositedKeys = new Set(deposits.map((x) => x.pubkey));
  return all.flatMap((v) => {
    const b = view.byKey.get(v.pubkey);
    const waiting = b
      ? b.status === 'pending_initialized' || b.status === 'pending_queued'
      : depositedKeys.has(v.pubkey);
    const entry = waiting ? queueEntry(dates, v.pubkey) : null;
    return entry ? [entry] : [];
  });
}

/** Rewards since each validator's last sync, grouped by their starting epoch (one call each). */
export async function readRewards(
  beacon: BeaconClient,
  all: SyncValidator[],
  view: BeaconView,
): Promise<RewardRange[]> {
  const groups = new Map<bigint, SyncValidator[]>();
  for (const v of all) {
    const b = view.byKey.get(v.pubkey);
    if (!b || b.activationEpoch === null) continue;
    const from = v.rewardsSyncedEpoch ?? b.activationEpoch;
    if (from >= view.headEpoch) continue;
    groups.set(from, [...(groups.get(from) ?? []), v]);
  }
  const ranges: RewardRange[] = [];
  for (const [from, vs] of groups) {
    const indices = vs.map((v) => String(view.byKey.get(v.pubkey)!.index));
    let to = view.headEpoch;
    let r: ValidatorRewards[];
    try {
      r = await beacon.getRewards(indices, { fromEpoch: from, toEpoch: to });
    } catch (err) {
      // A standard beacon node adds rewards up epoch by epoch and takes a bounded range:
      // catch up one bounded range per sync.
      if (!(err instanceof BeaconApiError)) throw err;
      if (err.status !== 400 || from + STANDARD_REWARD_EPOCHS >= view.headEpoch) throw unavailable();
      to = from + STANDARD_REWARD_EPOCHS;
      r = await beacon.getRewards(indices, { fromEpoch: from, toEpoch: to });
    }
    ranges.push({ from, to, r });
  }
  return ranges;
}

/** A history row's amounts (exact ETH text, 0 when absent), time and place on the chains. */
interface HistoryCols {
  stake?: string;
  withdraw?: string;
  stakeReward?: string;
  mining?: string;
  mev?: string;
  time: Date;
  block?: number;
  epoch?: number;
  slot?: number;
  txHash?: string;
}

/** One eth_tx_history row unless it is there; 1 when written. */
async function insertHistory(
  tx: Db,
  v: SyncValidator,
  kind: string,
  key: string,
  cols: HistoryCols,
): Promise<number> {
  const res = await tx
    .insert(ethTxHistory)
    .values({
      eth2WalletId: v.walletId,
      eth2ValidatorId: v.id,
      usrId: v.usrId,
      txKind: kind,
      sourceKey: key,
      stakeAmt: cols.stake ?? '0',
      withdrawAmt: cols.withdraw ?? '0',
      stakeRewardAmt: cols.stakeReward ?? '0',
      miningRewardAmt: cols.mining ?? '0',
      mevRewardAmt: cols.mev ?? '0',
      timeStamp: cols.time,
      blockNbr: cols.block ?? null,
      epochNbr: cols.epoch ?? null,
      slotNbr: cols.slot ?? null,
      txHash: cols.txHash ?? null,
      txStatusCd: 'S',
    })
    .onConflictDoNothing({
      target: [ethTxHistory.eth2ValidatorId, ethTxHistory.txKind, ethTxHistory.sourceKey],
    })
    .returning({ id: ethTxHistory.txHistoryId });
  return res.length;
}

/**
 * Status code, index, epochs and times, balance, effective balance, credentials' kind, and the head's
 * time the registry first held it and the time its slashing was first seen, of each validator
 * (stamped when the code changes).
 */
export async function writeStatuses(
  tx: Executor,
  all: SyncValidator[],
  view: BeaconView,
  depositedKeys: ReadonlySet<string>,
  now: Date,
): Promise<void> {
  const at = (epoch: bigint | null) => (epoch === null ? null : view.time.epochStart(epoch).toISOString());
  const headUtc = view.time.slotStart(view.head).toISOString();
  for (const v of all) {
    const b = view.byKey.get(v.pubkey);
    let code = v.code;
    if (b) code = statusCodeOf(b.status);
    // Since Electra (EIP-6110) a deposit on the execution chain is at once in the beacon state's
    // pending_deposits, though not yet in its registry: Pending (1), as spec 001 means it (deposit
    // seen, not yet eligible), so the dashboard counts it from the moment it is confirmed.
    else if (depositedKeys.has(v.pubkey) && (code === null || code === '' || code === '0')) code = '1';
    const changed = code !== v.code;
    const stamp = sql`status_time_stamp_utc = CASE WHEN ${changed} THEN ${now.toISOString()}::timestamptz ELSE status_time_stamp_utc END`;
    if (!b) {
      if (changed)
        await tx.execute(
          sql`UPDATE eth2_validator SET validator_status_cd = ${code}, ${stamp} WHERE eth2_validator_id = ${v.id}`,
        );
      continue;
    }
    const effective = b.effectiveBalanceGwei.toString();
    // The effective balance is kept as it changes (from the chain's time of this sync): the daily
    // charge is per 32 ETH of it (billing/charges/effectiveBalance.ts).
    await tx.execute(
      sql`WITH up AS (UPDATE eth2_validator SET validator_status_cd = ${code}, ${stamp},
            validator_index = ${b.index.toString()}::bigint,
            activation_epoch = ${b.activationEpoch?.toString() ?? null}::bigint,
            activation_utc = ${at(b.activationEpoch)}::timestamptz,
            exit_epoch = ${b.exitEpoch?.toString() ?? null}::bigint,
            exit_utc = ${at(b.exitEpoch)}::timestamptz,
            balance = ${gweiToEth(b.balanceGwei)}::numeric,
            effective_gwei = ${effective}::bigint,
            chain_kind = ${validatorKindOf(b.withdrawalCredentials)},
            slashed_utc = CASE WHEN ${b.slashed}::boolean THEN coalesce(slashed_utc, ${headUtc}::timestamptz) END,
            registered_utc = coalesce(registered_utc, ${headUtc}::timestamptz)
          WHERE eth2_validator_id = ${v.id} RETURNING eth2_validator_id)
          INSERT INTO eth2_validator_effective (eth2_validator_id, since_utc, effective_gwei)
          SELECT eth2_validator_id, ${headUtc}::timestamptz, ${effective}::bigint FROM up
          WHERE ${effective}::bigint IS DISTINCT FROM
            (SELECT e.effective_gwei FROM eth2_validator_effective e
             WHERE e.eth2_validator_id = ${v.id} AND e.since_utc <= ${headUtc}::timestamptz
             ORDER BY e.since_utc DESC LIMIT 1)
          ON CONFLICT DO NOTHING`,
    );
  }
}

/** The deposits into the history (one row per log); how many were new. */
async function writeDeposits(tx: Db, all: SyncValidator[], deposits: DepositLog[]): Promise<number> {
  let inserted = 0;
  for (const dep of deposits) {
    const v = all.find((x) => x.pubkey === dep.pubkey);
    if (!v) continue;
    inserted += await insertHistory(tx, v, 'deposit', `${dep.txHash}:${dep.logIndex}`, {
      stake: gweiToEth(dep.amountGwei),
      time: dep.timestamp,
      block: Number(dep.blockNumber),
      txHash: dep.txHash,
    });
  }
  return inserted;
}

/**
 * The execution-layer rewards that are the customer's: paid on chain to the fee recipient payd
 * configured for the validator. A block that paid another address is not theirs and is left out.
 */
export function customerExecutionRewards(v: Pick<SyncValidator, 'feeRecipient'>, rw: ValidatorRewards) {
  return rw.proposals.filter(
    (p) => p.payment !== null && v.feeRecipient !== null && p.feeRecipient === v.feeRecipient,
  );
}

/** One validator's rewards of one range, after claiming the range; how many rows were new. */
async function writeReward(
  tx: Db,
  v: SyncValidator,
  { from, to }: RewardRange,
  rw: ValidatorRewards,
  time: BeaconTime,
): Promise<number> {
  // A block whose fees and MEV are not paid yet would be lost with the range: try the range again.
  if (rw.proposals.some((p) => p.payment === null && p.feeRecipient !== null)) return 0;
  // Claim the range first, so a concurrent sync cannot count it twice.
  const claimed = await tx
    .update(eth2Validator)
    .set({ rewardsSyncedEpoch: Number(to) })
    .where(
      and(
        eq(eth2Validator.eth2ValidatorId, v.id),
        sql`${eth2Validator.rewardsSyncedEpoch} IS NOT DISTINCT FROM ${v.rewardsSyncedEpoch?.toString() ?? null}::bigint`,
      ),
    )
    .returning({ id: eth2Validator.eth2ValidatorId });
  if (!claimed.length) return 0;
  let inserted = 0;
  if (rw.consensusGwei !== 0n)
    inserted += await insertHistory(tx, v, 'stake_reward', `${from}-${to}`, {
      stakeReward: gweiToEth(rw.consensusGwei),
      time: time.epochStart(to),
      epoch: Number(to - 1n),
    });
  for (const p of customerExecutionRewards(v, rw)) {
    // Fees and MEV as separate rows (each screen splits them the same way), with their payment.
    const at = {
      time: time.slotStart(p.slot),
      epoch: Number(p.epoch),
      slot: Number(p.slot),
      block: Number(p.payment!.blockNumber),
      txHash: p.payment!.txHash,
    };
    if (p.executionFeesGwei !== 0n)
      inserted += await insertHistory(tx, v, 'el_fees', p.slot.toString(), {
        ...at,
        mining: gweiToEth(p.executionFeesGwei),
      });
    if (p.mevGwei !== 0n)
      inserted += await insertHistory(tx, v, 'el_mev', p.slot.toString(), {
        ...at,
        mev: gweiToEth(p.mevGwei),
      });
  }
  for (const w of rw.withdrawals)
    inserted += await insertHistory(tx, v, 'withdrawal', w.slot.toString(), {
      withdraw: gweiToEth(-w.amountGwei),
      time: time.slotStart(w.slot),
      epoch: Number(w.epoch),
      slot: Number(w.slot),
    });
  return inserted;
}

/**
 * Syncs the validators `all` of the wallets `walletIds` (any customers'): reads the beacon node and
 * the deposit logs with no transaction open, then writes everything in one transaction.
 */
export async function syncValidatorSet(
  d: SyncDeps,
  walletIds: number[],
  all: SyncValidator[],
): Promise<SyncReply> {
  if (!all.length) return { Validators: 0, NewHistory: 0, BeaconTimeUtc: null };
  if (!d.beacon) throw unavailable();
  const beacon = d.beacon;
  const view = await readBeacon(
    beacon,
    all.map((v) => v.pubkey),
  );
  const deposits = d.deposits
    ? await d.deposits.depositsOf(
        view.spec.depositContractAddress as `0x${string}`,
        new Set(all.map((v) => v.pubkey)),
      )
    : [];
  const dates = await readDates(beacon, deposits);
  const queue = activationQueue(all, view, deposits, dates);
  const dropped = await readDropped(beacon, view, deposits);
  const rewards = await readRewards(beacon, all, view);
  const now = d.clock.now();
  const headUtc = view.time.slotStart(view.head).toISOString();
  const byIndex = new Map(
    all.flatMap((v) => {
      const b = view.byKey.get(v.pubkey);
      return b ? [[b.index, v] as const] : [];
    }),
  );
  let inserted = 0;
  await d.db.transaction(async (tx) => {
    await tx.execute(
      sql`UPDATE eth2_wallet SET beacon_head_utc = greatest(beacon_head_utc, ${headUtc}::timestamptz)
          WHERE eth2_wallet_id IN (${sql.join(
            walletIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
    await writeStatuses(tx, all, view, new Set(deposits.map((x) => x.pubkey)), now);
    inserted += await writeDeposits(tx, all, deposits);
    await writeDropped(tx, all, dropped, headUtc);
    await settleTopUps(
      tx,
      all.flatMap((v) => {
        const b = view.byKey.get(v.pubkey);
        return b ? [{ id: v.id, balanceGwei: b.balanceGwei }] : [];
      }),
      now,
    );
    for (const range of rewards)
      for (const rw of range.r) {
        const v = byIndex.get(rw.validatorIndex);
        if (v) inserted += await writeReward(tx, v, range, rw, view.time);
      }
  });
  return {
    Validators: all.length,
    OnBeaconChain: view.onChain,
    NewHistory: inserted,
    BeaconTimeUtc: headUtc,
    Queue: queue,
    Exits: all.flatMap((v) => {
      const b = view.byKey.get(v.pubkey);
      const e = b && exitEntry(b, dates, view.time);
      return e ? [e] : [];
    }),
  };
}
