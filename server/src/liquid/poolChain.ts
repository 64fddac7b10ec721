// What the pool job needs from the on-chain ValidatorPool (contracts/src/interfaces/IValidatorPool.sol),
// as an interface: ProtocolPoolChain sends and reads through @payd/protocol with the server admin's
// key; tests may give a stand-in. Amounts are wei, ids the contract's (from 1).
import type { Address, Hex } from 'viem';
import { WEI_PER_VALIDATOR } from '@payd/schemas';
import { POOL_VALIDATOR_STATUSES, type PoolValidatorStatus } from '@payd/protocol';
export { POOL_VALIDATOR_STATUSES, type PoolValidatorStatus };

/** 32 ETH: the principal of one validator (VALIDATOR_AMOUNT), @payd/schemas' one definition. */
export const VALIDATOR_WEI = WEI_PER_VALIDATOR;

/** The pool's figures the job decides by (readPoolState). */
export interface PoolState {
  availableValidators: bigint;
  totalStakedETH: bigint;
  deactivatedETHInProgress: bigint;
  freeETH: bigint;
  claimableETH: bigint;
  unaccountedETH: bigint;
  rewardsAvailable: bigint;
  unfilledFETHInQueue: bigint;
  queueLength: bigint;
  /** Seconds per report period; a report is allowed once per period. */
  reportPeriod: bigint;
  lastReportPeriod: bigint;
  /** Lifetime reported totals, when the read has them. */
  totalLifetimeStakingRewards?: bigint;
  totalLifetimeMiningRewards?: bigint;
}

/** One validator's deposit data as the pool's addValidators takes it. */
export interface PoolValidatorDeposit {
  pubkey: Hex;
  withdrawal_credentials: Hex;
  signature: Hex;
  deposit_data_root: Hex;
}

export interface PoolChain {
  /** The ValidatorPool's address: the validators' withdrawal credentials point at it. */
  poolAddress(): Promise<Address>;
  readState(): Promise<PoolState>;
  /** The pool's id of the pubkey; 0n when it was never added. */
  validatorIdOf(pubkey: Hex): Promise<bigint>;
  /** Ids with `status` from `startId` (inclusive), at most `max`. */
  validatorsWithStatus(status: PoolValidatorStatus, startId: bigint, max: number): Promise<bigint[]>;
  /** Each resolves once the transaction is mined successfully and rejects when it reverts. */
  addValidators(deposits: readonly PoolValidatorDeposit[]): Promise<void>;
  markExiting(ids: readonly bigint[]): Promise<void>;
  settleExits(ids: readonly bigint[]): Promise<void>;
  reportRewards(rewards: { stakingRewards: bigint; miningRewards: bigint }): Promise<{ txHash: string }>;
  /** The latest block's timestamp, seconds: report periods are counted on the chain's clock. */
  chainTime(): Promise<bigint>;
}

/** True when `err` is the pool's AlreadyReportedThisPeriod revert (another runner reported first). */
export function isAlreadyReported(err: unknown): boolean {
  return errorText(err).includes('AlreadyReportedThisPeriod');
}

/** An error's message and the messages of its causes, for matching a revert's name. */
export function errorText(err: unknown): string {
  const parts: string[] = [];
  let e: unknown = err;
  for (let depth = 0; e && depth < 6; depth++) {
    if (e instanceof Error) {
      parts.push(e.message);
      const data = (e as { data?: { errorName?: string } }).data;
      if (data?.errorName) parts.push(data.errorName);
      e = e.cause;
    } else {
      parts.push(String(e));
      break;
    }
  }
  return parts.join(' | ');
}
