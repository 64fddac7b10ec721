// Reward reports: at most once per on-chain report period (block time / reportPeriod, checked
// against lastReportPeriod), the ETH that reached the pool beyond principal (rewardsAvailable) is
// reported as staking rewards (consensus layer) and mining rewards (execution fees + MEV), split by
// the beacon node's data for the pool's validators:
//   staking = what the withdrawal sweeps paid to the pool, less 32 ETH per fully withdrawn
//             validator, less the staking rewards reported before;
//   mining  = the validators' execution fees + MEV, less the mining rewards reported before, but
//             only out of what arrived beyond the staking part (on the dev chain the dev beacon
//             node pays them into the pool, their fee recipient);
// each at most what has arrived (staking + mining <= rewardsAvailable, as the contract requires).
// pool_reward_report has one row per period, claimed by its INSERT: two runners never report a
// period twice; a period the chain already has (AlreadyReportedThisPeriod) counts as done.
import { and, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { poolRewardReport, poolValidator } from '../db/schema.ts';
import type { BeaconClient } from '../staking/index.ts';
import { errorText, isAlreadyReported, VALIDATOR_WEI, type PoolChain, type PoolState } from './poolChain.ts';

export interface RewardDeps {
  db: Db;
  chain: PoolChain;
  beacon: BeaconClient;
}

/** A period claimed but not finished within this long may be claimed again (its runner died). */
export const REPORT_CLAIM_MS = 10 * 60_000;

const GWEI = 10n ** 9n;
const min = (a: bigint, b: bigint) => (a < b ? a : b);
const atLeast0 = (a: bigint) => (a < 0n ? 0n : a);

export interface RewardSplit {
  stakingRewards: bigint;
  miningRewards: bigint;
}

/** Lifetime reported totals: the chain's when it reads them, else the reports recorded here. */
async function reportedSoFar(db: Db, state: PoolState): Promise<RewardSplit> {
  if (state.totalLifetimeStakingRewards !== undefined && state.totalLifetimeMiningRewards !== undefined)
    return {
      stakingRewards: state.totalLifetimeStakingRewards,
      miningRewards: state.totalLifetimeMiningRewards,
    };
  const [r] = await db
    .select({
      s: sql<string>`coalesce(sum(${poolRewardReport.stakingRewards}), 0)::text`,
      m: sql<string>`coalesce(sum(${poolRewardReport.miningRewards}), 0)::text`,
    })
    .from(poolRewardReport)
    .where(and(eq(poolRewardReport.statusCd, 'D'), isNotNull(poolRewardReport.txHash)));
  return { stakingRewards: BigInt(r?.s ?? '0'), miningRewards: BigInt(r?.m ?? '0') };
}

/** What to report now (see the file comment). */
export async function rewardSplit(d: RewardDeps, state: PoolState): Promise<RewardSplit> {
  const available = state.rewardsAvailable;
  if (available <= 0n) return { stakingRewards: 0n, miningRewards: 0n };
  const validators = await d.db
    .select({ i: sql<string>`${poolValidator.beaconIndex}::text`, beaconStatus: poolValidator.beaconStatus })
    .from(poolValidator)
    .where(isNotNull(poolValidator.beaconIndex));
  if (!validators.length) return { stakingRewards: 0n, miningRewards: 0n };
  const pool = (await d.chain.poolAddress()).toLowerCase();
  const spec = await d.beacon.getSpec();
  const headEpoch = (await d.beacon.getHeadSlot()) / spec.slotsPerEpoch;
  const rewards = await d.beacon.getRewards(
    validators.map((v) => v.i),
    { fromEpoch: 0n, toEpoch: headEpoch },
  );
  let sweptGwei = 0n;
  let feesGwei = 0n;
  for (const r of rewards) {
    feesGwei += r.executionFeesGwei + r.mevGwei;
    for (const w of r.withdrawals) if (w.address.toLowerCase() === pool) sweptGwei += w.amountGwei;
  }
  const fullyWithdrawn = BigInt(validators.filter((v) => v.beaconStatus === 'withdrawal_done').length);
  const consensusArrived = atLeast0(sweptGwei * GWEI - fullyWithdrawn * VALIDATOR_WEI);
  const before = await reportedSoFar(d.db, state);
  const stakingRewards = min(available, atLeast0(consensusArrived - before.stakingRewards));
  const miningRewards = min(available - stakingRewards, atLeast0(feesGwei * GWEI - before.miningRewards));
  return { stakingRewards, miningRewards };
}

export type ReportOutcome =
  | { reported: true; period: bigint; stakingRewards: bigint; miningRewards: bigint; txHash: string }
  | { reported: false; period?: bigint; reason: string };

/** Reports this period's rewards when the period has none yet and something arrived. */
export async function reportRewardsOncePerPeriod(d: RewardDeps): Promise<ReportOutcome> {
  const state = await d.chain.readState();
  if (state.reportPeriod <= 0n) return { reported: false, reason: 'no report period' };
  const period = (await d.chain.chainTime()) / state.reportPeriod;
  if (state.lastReportPeriod >= period) {
    await d.db.execute(
      sql`UPDATE pool_reward_report SET status_cd = 'D' WHERE period = ${period.toString()} AND status_cd <> 'D'`,
    );
    return { reported: false, period, reason: 'reported this period' };
  }
  const split = await rewardSplit(d, state);
  if (split.stakingRewards + split.miningRewards === 0n)
    return { reported: false, period, reason: 'no rewards arrived' };
  const staleBefore = `${REPORT_CLAIM_MS} milliseconds`;
  const claimed = await d.db
    .insert(poolRewardReport)
    .values({
      period,
      stakingRewards: split.stakingRewards.toString(),
      miningRewards: split.miningRewards.toString(),
      statusCd: 'P',
      claimedOn: sql`clock_timestamp()`,
    })
    .onConflictDoUpdate({
      target: poolRewardReport.period,
      set: {
        stakingRewards: sql`excluded.staking_rewards`,
        miningRewards: sql`excluded.mining_rewards`,
        statusCd: 'P',
        error: null,
        claimedOn: sql`clock_timestamp()`,
      },
      setWhere: or(
        eq(poolRewardReport.statusCd, 'F'),
        and(
          eq(poolRewardReport.statusCd, 'P'),
          sql`${poolRewardReport.claimedOn} < clock_timestamp() - ${staleBefore}::interval`,
        ),
      ),
    })
    .returning({ period: poolRewardReport.period });
  if (!claimed.length) return { reported: false, period, reason: 'claimed by another runner' };
  try {
    const { txHash } = await d.chain.reportRewards(split);
    await d.db.execute(
      sql`UPDATE pool_reward_report SET status_cd = 'D', tx_hash = ${txHash}, reported_on = clock_timestamp()
          WHERE period = ${period.toString()}`,
    );
    return { reported: true, period, ...split, txHash };
  } catch (err) {
    if (isAlreadyReported(err)) {
      await d.db.execute(
        sql`UPDATE pool_reward_report SET status_cd = 'D', error = 'already reported on chain', reported_on = clock_timestamp()
            WHERE period = ${period.toString()}`,
      );
      return { reported: false, period, reason: 'reported this period' };
    }
    await d.db.execute(
      sql`UPDATE pool_reward_report SET status_cd = 'F', error = ${errorText(err).slice(0, 500)}
          WHERE period = ${period.toString()}`,
    );
    throw err;
  }
}
