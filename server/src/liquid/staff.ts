// What staff see of the validator pool (service PoolValidatorWs, screen 41): the pool's validators
// with their statuses, exits and settlements (a read-only screen over pool_validator), and beside
// it GetPoolState (the on-chain totals and the reward reports) and RunPoolJob (one pool job run
// now, for operators and the browser journeys). Staff roles only: customers reach none of it.
import { count, desc } from 'drizzle-orm';
import { getPoolState, runPoolJob } from '@payd/schemas';
import { Decimal } from '@payd/protocol';
import type { Db } from '../db/database.ts';
import { poolRewardReport, poolValidator } from '../db/schema.ts';
import { defineScreen } from '../framework/definition.ts';
import { datetime, num, text } from '../framework/columns.ts';
import { failed } from '../wire/errors.ts';
import { implement } from '../wire/implement.ts';
import type { MethodDefinition } from '../wire/method.ts';
import type { PoolChain, PoolState } from './poolChain.ts';
import { POOL_STEPS, type PoolTickResult } from './poolJob.ts';

const readOnly = { readOnly: 'all' } as const;
const viewOnly = { allowAdd: false, allowUpd: false, allowDel: false, viewOnly: true } as const;

export const POOL_SERVICE = 'PoolValidator';

export const PoolMessages = {
  unavailable:
    'The validator pool is not available: it needs BEACON_URL and a deployment with a validator pool.',
} as const;

export const poolValidatorScreen = defineScreen({
  screenId: 41,
  service: POOL_SERVICE,
  entity: 'PoolValidator41',
  title: 'Validator pool',
  help: "payd's own validators in the liquid-staking pool: registered by the pool job, deposited by FETH depositors, exited when the swap queue needs ETH, settled once their balance reached the pool.",
  master: {
    table: 'pool_validator',
    columns: [
      num('PoolValidatorId41', 'pool_validator_id', 'Row Id', { system: 'key' }),
      num('PoolValidatorNo41', 'pool_validator_no', 'Pool Id', readOnly),
      num('KeyIdx41', 'key_idx', 'Key Index', readOnly),
      text('PubKey41', 'pub_key', 'Public Key', readOnly),
      text('StatusCd41', 'status_cd', 'Status (G/A/S/X/E/R)', readOnly),
      num('BeaconIndex41', 'beacon_index', 'Beacon Index', readOnly),
      text('BeaconStatus41', 'beacon_status', 'Beacon Status', readOnly),
      datetime('AddedOn41', 'added_on', 'Added On', readOnly),
      datetime('StakedOn41', 'staked_on', 'Staked On', readOnly),
      datetime('ExitRequestedOn41', 'exit_requested_on', 'Exit Requested On', readOnly),
      datetime('ExitPostedOn41', 'exit_posted_on', 'Exit Posted On', readOnly),
      text('ExitError41', 'exit_error', 'Exit Refused Because', readOnly),
      datetime('SettledOn41', 'settled_on', 'Settled On', readOnly),
    ],
  },
  searchList: {
    label: 'PubKey41',
    labelR: 'StatusCd41',
    detail: 'PoolValidatorNo41',
    detailR: 'BeaconStatus41',
    search: ['PubKey41', 'StatusCd41'],
    orderBy: 'KeyIdx41',
    orderDir: 'desc',
  },
  access: [{ roles: 'staff', rows: 'all', ...viewOnly }],
  buttons: {
    New: { enabled: false },
    Copy: { enabled: false },
    Delete: { enabled: false },
    Save: { enabled: false },
    SaveClose: { enabled: false },
  },
  criteria: [{ id: 1, column: 'StatusCd41', label: 'Status (G/A/S/X/E/R)' }],
});

const COUNTS = new Set(['availableValidators', 'validatorCount', 'queueLength', 'queueHead']);
const SECONDS = new Set(['reportPeriod', 'lastReportPeriod']);

/** The chain's figures for staff: ETH amounts as ETH, counts and periods as numbers, rates as fractions. */
function stateForStaff(state: PoolState): Record<string, string> {
  return Object.fromEntries(
    Object.entries(state).map(([k, v]) => [
      k,
      COUNTS.has(k) || SECONDS.has(k) ? String(v) : Decimal.fromRaw(BigInt(v as bigint)).toString(),
    ]),
  );
}

const wei = (v: string) => Decimal.fromRaw(BigInt(v)).toString();

export interface PoolStaffDeps {
  db: Db;
  /** Null when the pool is not configured (no BEACON_URL or no validatorPool in the deployment). */
  chain: PoolChain | null;
  /** Runs one pool job tick now; null when the pool is not configured. */
  runNow: (() => Promise<PoolTickResult>) | null;
}

export function poolStaffMethods(d: PoolStaffDeps): MethodDefinition[] {
  const getState = implement(getPoolState, async () => {
    const counts = await d.db
      .select({ statusCd: poolValidator.statusCd, n: count() })
      .from(poolValidator)
      .groupBy(poolValidator.statusCd);
    const reports = await d.db
      .select({
        period: poolRewardReport.period,
        stakingRewards: poolRewardReport.stakingRewards,
        miningRewards: poolRewardReport.miningRewards,
        statusCd: poolRewardReport.statusCd,
        txHash: poolRewardReport.txHash,
        error: poolRewardReport.error,
        reportedOn: poolRewardReport.reportedOn,
      })
      .from(poolRewardReport)
      .orderBy(desc(poolRewardReport.period))
      .limit(50);
    let state: Record<string, string> | null = null;
    let stateError: string | null = null;
    if (d.chain)
      try {
        state = stateForStaff(await d.chain.readState());
      } catch {
        stateError = 'The chain did not answer; the pool state is not available right now.';
      }
    return {
      Available: d.chain !== null,
      State: state,
      StateError: stateError,
      Validators: Object.fromEntries(counts.map((c) => [c.statusCd, c.n])),
      Reports: reports.map((r) => ({
        Period: r.period.toString(),
        StakingRewards: wei(r.stakingRewards),
        MiningRewards: wei(r.miningRewards),
        Status: r.statusCd,
        TxHash: r.txHash,
        Error: r.error,
        ReportedOn: r.reportedOn?.toISOString() ?? null,
      })),
    };
  });
  const runJob = implement(runPoolJob, async () => {
    if (!d.runNow) throw failed('pool_unavailable', PoolMessages.unavailable);
    const result = await d.runNow();
    // bigints (ids, wei) as strings on the wire
    const steps = JSON.parse(
      JSON.stringify(result.steps, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)),
    ) as PoolTickResult['steps'];
    return { Ran: result.ran, Steps: steps, Order: [...POOL_STEPS] };
  });
  return [getState, runJob];
}
