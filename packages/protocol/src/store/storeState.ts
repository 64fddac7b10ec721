// The store state of spec 000 section 3: what one refresh reads, and what is derived from it.
import type { Address } from 'viem';
import type { Decimal } from '../decimal/Decimal.ts';
import type { Cache } from '../model/Cache.ts';
import type { CacheWithPendingRedistribution } from '../model/CacheWithPendingRedistribution.ts';
import type { DerivedState } from '../model/derivedState.ts';
import type { Fees } from '../model/Fees.ts';
import type { FtxStake } from '../model/FtxStake.ts';
import type { StabilityDeposit } from '../model/StabilityDeposit.ts';

/** A frontend operator's status; always 'unregistered' in this build. */
export type FrontendStatus = { status: 'unregistered' } | { status: 'registered'; kickbackRate: Decimal };

/** Where a person's FETH swap queue entry stands (zeros when they have none). */
export interface FETHQueuePosition {
  /** 1-based place among the live entries of the queue; 0 without an entry. */
  position: number;
  /** Unfilled FETH queued ahead of the entry (filled before it). */
  fethAhead: Decimal;
}

export interface BaseState {
  // identity
  frontend: FrontendStatus;
  ownFrontend: FrontendStatus;
  /** The address per-user fields are about (undefined on an anonymous read-only connection). */
  userAddress: Address | undefined;
  blockNumber: bigint;
  blockTimestamp: Date;
  // counts
  numberOfCaches: number;
  /** Validators registered by the server admin and not yet deposited: pool.availableValidators(). */
  availableValidators: number;
  // balances of the user
  accountBalance: Decimal;
  paydBalance: Decimal;
  collateralSurplusBalance: Decimal;
  /** FETH held by the user: FETH balanceOf(user) (zero without a user). */
  fethBalance: Decimal;
  ftxBalance: Decimal;
  /** FTX the staking contract may take from the user. */
  ftxAllowance: Decimal;
  /** FTX held by the staking contract (all stakes). */
  ftxInventoryBalance: Decimal;
  // price and totals
  price: Decimal;
  /**
   * FTX price in USD from the FTX price feed (`addresses.ftxPriceFeed`, the one credit top-ups use).
   * Zero on a deployment without one (only chain 88 has an FTX feed).
   */
  ftxPrice: Decimal;
  paydInRewardsPool: Decimal;
  /** Collateral and debt of all caches (active and default pools). */
  total: Cache;
  /** Collateral and debt redistributed per unit of stake so far (L_ETH, L_PAYDDebt). */
  totalRedistributed: Cache;
  /** ETH of the pool's validators that are staked (32 each): pool.totalStakedETH(). */
  totalStakedETH: Decimal;
  // records of the user
  cacheBeforeRedistribution: CacheWithPendingRedistribution;
  stabilityDeposit: StabilityDeposit;
  ftxStake: FtxStake;
  // lifetime totals
  totalLifetimeLiquidations: Decimal;
  /** Staking (consensus layer) rewards of every report so far: pool.totalLifetimeStakingRewards(). */
  totalLifetimeStakingRewards: Decimal;
  /** Mining (execution layer) rewards of every report so far: pool.totalLifetimeMiningRewards(). */
  totalLifetimeMiningRewards: Decimal;
  totalRewardsDistributed: Decimal;
  // rewards and FETH queue
  /** Staking + mining rewards of the latest report: pool.currentRewards(). */
  currentRewards: Decimal;
  /** ETH per validator deposit: pool.VALIDATOR_AMOUNT() (32). */
  validatorAmt: Decimal;
  /**
   * ETH in the pool not yet accounted for (exited balances not yet settled, rewards not yet
   * reported): pool.unaccountedETH().
   */
  rewardEthAmt: Decimal;
  /** FETH waiting in the swap queue, not yet filled (all entries): pool.unfilledFETHInQueue(). */
  unfilledFETHInQueue: Decimal;
  /** ETH of exiting validators that has not reached the pool yet: pool.deactivatedETHInProgress(). */
  deactivatedETHInProgress: Decimal;
  /** ETH of filled swaps not yet claimed, pool-wide: pool.claimableETH(). */
  claimableETH: Decimal;
  /** The pool's ETH free to fill the queue or back new FETH: pool.freeETH(). */
  freeETH: Decimal;
  /** The user's unfilled FETH in the queue (or of a failed entry): pool.fethSwapDeposit(user). */
  fethSwapDeposit: Decimal;
  /** The user's filled ETH to claim (before the swap fee): pool.ethSwapClaim(user). */
  ethSwapClaim: Decimal;
  /** The user's place in the swap queue: pool.queuePosition(user) (zeros without a user or entry). */
  fethQueuePosition: FETHQueuePosition;
  // fee wallet balances (PAYD for borrowing fees, ETH for the others)
  openCacheFeeBalance: Decimal;
  topupCacheFeeBalance: Decimal;
  paydSwapFeeBalance: Decimal;
  /** ETH of LendingSettings' fethSwapFee wallet (it receives the FETH swap fee of claimETH). */
  fethSwapFeeBalance: Decimal;
  liquidationFeeBalance: Decimal;
  liquidationDepositBalance: Decimal;
  stakingFeeBalance: Decimal;
  miningFeeBalance: Decimal;
  // charity wallets: ETH of the FETH-side wallet (it receives redemption fee shares), PAYD of the other
  charityWalletFETH: Decimal;
  charityWalletPAYD: Decimal;
  // hidden base state
  feesInNormalMode: Fees;
  riskiestCacheBeforeRedistribution: CacheWithPendingRedistribution;
}

export type StoreState = BaseState & DerivedState;
