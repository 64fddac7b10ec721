// The validator pool as the server (its admin) sees it: every total in wei as a bigint, in one
// multicall, and its registered validators by status. The store (readState.ts) serves the same
// totals as Decimals to the screens.
import { iValidatorPoolAbi } from '../abi/readAbis.ts';
import type { Hex } from 'viem';
import type { ProtocolConnection } from '../connection/connection.ts';
import { multicallAddress } from '../connection/deployment.ts';
import { withReadRetry } from '../connection/readRetry.ts';

/** IValidatorPool.ValidatorStatus, in the contract's order. */
export const POOL_VALIDATOR_STATUSES = ['None', 'Added', 'Staked', 'Exiting', 'Exited', 'Removed'] as const;
export type PoolValidatorStatus = (typeof POOL_VALIDATOR_STATUSES)[number];

/** The number the contract uses for `status`. */
export function poolValidatorStatusNumber(status: PoolValidatorStatus): number {
  const n = POOL_VALIDATOR_STATUSES.indexOf(status);
  if (n < 0) throw new RangeError(`Unknown validator status '${String(status)}'`);
  return n;
}

/** The status named by the contract's number. */
export function poolValidatorStatusFromNumber(n: number | bigint): PoolValidatorStatus {
  const status = POOL_VALIDATOR_STATUSES[Number(n)];
  if (!status) throw new RangeError(`Unknown validator status ${String(n)}`);
  return status;
}

/** The pool's state, every amount in wei (rates are 18-decimal fractions, periods in seconds). */
export interface PoolState {
  /** Registered validators not yet deposited. */
  availableValidators: bigint;
  /** Validators ever registered (ids run 1..validatorCount). */
  validatorCount: bigint;
  /** 32 ETH per staked validator. */
  totalStakedETH: bigint;
  /** 32 ETH per exiting validator whose balance has not been settled yet. */
  deactivatedETHInProgress: bigint;
  /** ETH free to fill the queue. */
  freeETH: bigint;
  /** Filled, unclaimed ETH of all queue entries. */
  claimableETH: bigint;
  /** Balance - freeETH - claimableETH - pendingRewardsETH - feesOwedETH: arrived exits not settled and unreported rewards. */
  unaccountedETH: bigint;
  /** unaccountedETH - deactivatedETHInProgress (at least 0): what a reward report may report. */
  rewardsAvailable: bigint;
  /** Reported rewards kept for the rewards pool while it has no depositors. */
  pendingRewardsETH: bigint;
  /** Fees and charity shares a wallet refused when paid, kept for it to take with withdrawFees. */
  feesOwedETH: bigint;
  /** FETH queued and not yet filled. */
  unfilledFETHInQueue: bigint;
  queueLength: bigint;
  queueHead: bigint;
  /** Seconds per reward report period. */
  reportPeriod: bigint;
  /** The period of the latest report. */
  lastReportPeriod: bigint;
  stakingFeeRate: bigint;
  miningFeeRate: bigint;
  fethSwapFeeRate: bigint;
  totalLifetimeStakingRewards: bigint;
  totalLifetimeMiningRewards: bigint;
  /** Staking + mining rewards of the latest report. */
  currentRewards: bigint;
}

const POOL_STATE_FIELDS = [
  'availableValidators',
  'validatorCount',
  'totalStakedETH',
  'deactivatedETHInProgress',
  'freeETH',
  'claimableETH',
  'unaccountedETH',
  'rewardsAvailable',
  'pendingRewardsETH',
  'feesOwedETH',
  'unfilledFETHInQueue',
  'queueLength',
  'queueHead',
  'reportPeriod',
  'lastReportPeriod',
  'stakingFeeRate',
  'miningFeeRate',
  'fethSwapFeeRate',
  'totalLifetimeStakingRewards',
  'totalLifetimeMiningRewards',
  'currentRewards',
] as const satisfies readonly (keyof PoolState)[];

/** Every total of the pool at one block, in one multicall. */
export async function readPoolState(connection: ProtocolConnection): Promise<PoolState> {
  const address = connection.deployment.addresses.validatorPool;
  const results = await withReadRetry(() =>
    connection.publicClient.multicall({
      allowFailure: false,
      multicallAddress: multicallAddress(connection.deployment),
      contracts: POOL_STATE_FIELDS.map((functionName) => ({
        address,
        abi: iValidatorPoolAbi,
        functionName,
      })),
    }),
  );
  return Object.fromEntries(POOL_STATE_FIELDS.map((name, i) => [name, results[i] as bigint])) as Record<
    keyof PoolState,
    bigint
  >;
}

/** A validator registered in the pool: its id (from 1) and its 48-byte BLS public key. */
export interface PoolValidatorKey {
  id: bigint;
  pubkey: Hex;
}

/**
 * The pool's validators with `status`, from id `startId` (inclusive, default 1), at most `max`
 * (default 100) of them, with their public keys: two round trips (the ids, then the keys in one
 * multicall). Page on with `startId` = the last id + 1.
 */
export async function readPoolValidators(
  connection: ProtocolConnection,
  status: PoolValidatorStatus,
  startId = 1n,
  max = 100n,
): Promise<PoolValidatorKey[]> {
  const address = connection.deployment.addresses.validatorPool;
  const ids = await withReadRetry(() =>
    connection.publicClient.readContract({
      address,
      abi: iValidatorPoolAbi,
      functionName: 'validatorsWithStatus',
      args: [poolValidatorStatusNumber(status), startId, max],
    }),
  );
  if (ids.length === 0) return [];
  const pubkeys = await withReadRetry(() =>
    connection.publicClient.multicall({
      allowFailure: false,
      multicallAddress: multicallAddress(connection.deployment),
      contracts: ids.map((id) => ({
        address,
        abi: iValidatorPoolAbi,
        functionName: 'validatorPubkey' as const,
        args: [id] as const,
      })),
    }),
  );
  return ids.map((id, i) => ({ id, pubkey: pubkeys[i] as Hex }));
}

/** The pool's id of the validator with `pubkey`; undefined when it was never registered. */
export async function readPoolValidatorId(
  connection: ProtocolConnection,
  pubkey: Hex,
): Promise<bigint | undefined> {
  const id = await withReadRetry(() =>
    connection.publicClient.readContract({
      address: connection.deployment.addresses.validatorPool,
      abi: iValidatorPoolAbi,
      functionName: 'validatorIdOf',
      args: [pubkey],
    }),
  );
  return id === 0n ? undefined : id;
}
