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

/**
 * Fields whose contracts (FETH token and swap queue, validator pool, FTX price source) are not
 * deployed yet. They are `undefined` in the state, never a made-up zero, until those contracts exist.
 */
export const FIELDS_WITHOUT_CONTRACTS = [
  'availableValidators',
  'fethBalance',
  'ftxPrice',
  'totalStakedETH',
  'totalLifetimeStakingRewards',
  'totalLifetimeMiningRewards',
  'currentRewards',
  'validatorAmt',
  'rewardEthAmt',
  'unfilledFETHInQueue',
  'deactivatedETHInProgress',
  'claimableETH',
  'fethSwapDeposit',
  'ethSwapClaim',
  'fethSwapFeeBalance',
] as const;
export type FieldWithoutContract = (typeof FIELDS_WITHOUT_CONTRACTS)[number];

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
  availableValidators: number | undefined;
  // balances of the user
  accountBalance: Decimal;
  paydBalance: Decimal;
  collateralSurplusBalance: Decimal;
  fethBalance: Decimal | undefined;
  ftxBalance: Decimal;
  /** FTX the staking contract may take from the user. */
  ftxAllowance: Decimal;
  /** FTX held by the staking contract (all stakes). */
  ftxInventoryBalance: Decimal;
  // price and totals
  price: Decimal;
  ftxPrice: Decimal | undefined;
  paydInRewardsPool: Decimal;
  /** Collateral and debt of all caches (active and default pools). */
  total: Cache;
  /** Collateral and debt redistributed per unit of stake so far (L_ETH, L_PAYDDebt). */
  totalRedistributed: Cache;
  totalStakedETH: Decimal | undefined;
  // records of the user
  cacheBeforeRedistribution: CacheWithPendingRedistribution;
  stabilityDeposit: StabilityDeposit;
  ftxStake: FtxStake;
  // lifetime totals
  totalLifetimeLiquidations: Decimal;
  totalLifetimeStakingRewards: Decimal | undefined;
  totalLifetimeMiningRewards: Decimal | undefined;
  totalRewardsDistributed: Decimal;
  // rewards and FETH queue
  currentRewards: Decimal | undefined;
  validatorAmt: Decimal | undefined;
  rewardEthAmt: Decimal | undefined;
  unfilledFETHInQueue: Decimal | undefined;
  deactivatedETHInProgress: Decimal | undefined;
  claimableETH: Decimal | undefined;
  fethSwapDeposit: Decimal | undefined;
  ethSwapClaim: Decimal | undefined;
  // fee wallet balances (PAYD for borrowing fees, ETH for the others)
  openCacheFeeBalance: Decimal;
  topupCacheFeeBalance: Decimal;
  paydSwapFeeBalance: Decimal;
  fethSwapFeeBalance: Decimal | undefined;
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
