// One refresh of the store's base state: every field in a single multicall (one eth_call), plus a
// second one only when an admin has changed a fee wallet address since the previous check. Each
// sub-call costs the node time (about 5 ms apiece on the in-process devnet), so what cannot change
// is read once (the fee-decay constants, the stake period) and the fee wallet addresses, which only
// an admin changes, are checked every 30 s rather than on every block. The validator pool's totals
// and the user's FETH and queue entry ride in the same multicall (the per-user ones only when there
// is a user: without one they are zero). The multicall's batch size is READ_BATCH_MAX_BYTES whatever
// client the connection holds: at viem's default (1,024 bytes) the refresh, 1,140 bytes of calldata
// since the liquid staking reads, went out as two eth_calls.
import {
  cacheManagerAbi,
  collSurplusPoolAbi,
  ftxStakingAbi,
  ftxTokenAbi,
  iActivePoolAbi,
  ifethTokenAbi,
  iValidatorPoolAbi,
  iDefaultPoolAbi,
  iPriceFeedAbi,
  lendingSettingsAbi,
  multiCacheGetterAbi,
  multicall3Abi,
  paydTokenAbi,
  rewardsPoolAbi,
  sortedCachesAbi,
  testPriceFeedAbi,
} from '../abi/readAbis.ts';
import type { Abi, Address } from 'viem';
import { withReadRetry } from '../connection/readRetry.ts';
import { multicallAddress } from '../connection/deployment.ts';
import type { ProtocolConnection } from '../connection/connection.ts';
import { Decimal } from '../decimal/Decimal.ts';
import { Cache } from '../model/Cache.ts';
import { CacheWithPendingRedistribution } from '../model/CacheWithPendingRedistribution.ts';
import { feesFromChain } from './feesFromChain.ts';
import { FtxStake } from '../model/FtxStake.ts';
import { StabilityDeposit, ZERO_ADDRESS } from '../model/StabilityDeposit.ts';
import { cacheStatusFromNumber } from '../model/UserCache.ts';
import { READ_BATCH_MAX_BYTES, STATE_RECALCULATION_MS } from '../model/constants.ts';
import type { BaseState } from '../store/storeState.ts';

interface Call {
  address: Address;
  abi: Abi;
  functionName: string;
  args?: readonly unknown[];
}

const FEE_WALLETS = [
  'openCacheFee',
  'topupCacheFee',
  'paydSwapFee',
  'fethSwapFee',
  'liquidationFee',
  'liquidationDeposit',
  'stakingFee',
  'miningFee',
  'charityWalletFETH',
  'charityWalletPAYD',
] as const;
type FeeWallet = (typeof FEE_WALLETS)[number];
/** Wallets that receive PAYD (borrowing fees and their charity share); the others receive ETH. */
const PAYD_WALLETS: ReadonlySet<FeeWallet> = new Set(['openCacheFee', 'topupCacheFee', 'charityWalletPAYD']);

const dec = (v: unknown) => Decimal.fromRaw(v as bigint);

/** Pool totals read on every refresh, in this order (each a uint256 in wei, or a count). */
const POOL_TOTALS = [
  'availableValidators',
  'totalStakedETH',
  'totalLifetimeStakingRewards',
  'totalLifetimeMiningRewards',
  'currentRewards',
  'unaccountedETH',
  'unfilledFETHInQueue',
  'deactivatedETHInProgress',
  'claimableETH',
  'freeETH',
] as const;
type PoolTotal = (typeof POOL_TOTALS)[number];

/** Contract constants: read on the first refresh only. */
interface Constants {
  minuteDecayFactor: bigint;
  beta: bigint;
  stakePeriodSeconds: number;
  validatorAmount: bigint;
}

/** How often the fee wallet addresses are read again (an admin may change them). */
export const FEE_WALLET_CHECK_MS = STATE_RECALCULATION_MS;

/** Reads the store's base state through one connection, remembering the fee wallet addresses. */
export class StateReader {
  private wallets: Record<FeeWallet, Address> | undefined;
  private walletsCheckedAt = -Infinity;
  private constants: Constants | undefined;

  constructor(
    private readonly connection: ProtocolConnection,
    private readonly now: () => number = Date.now,
  ) {}

  async read(): Promise<BaseState> {
    return withReadRetry(async () => {
      const first = await this.readOnce();
      if (first) return first;
      // the fee wallets changed: read again with the new addresses
      const second = await this.readOnce();
      if (!second) throw new Error('Fee wallet addresses keep changing');
      return second;
    });
  }

  private async readOnce(): Promise<BaseState | undefined> {
    const { deployment, publicClient, userAddress } = this.connection;
    const wallets = this.wallets;
    const checkWallets = !wallets || this.now() - this.walletsCheckedAt >= FEE_WALLET_CHECK_MS;
    const calls = stateCalls(this.connection, { constants: !this.constants, checkWallets, wallets });
    const results = (await publicClient.multicall({
      contracts: calls as never,
      allowFailure: false,
      multicallAddress: multicallAddress(deployment),
      batchSize: READ_BATCH_MAX_BYTES,
    })) as unknown[];

    let i = 0;
    const next = () => results[i++];
    const lending = takeLending(next, userAddress ?? ZERO_ADDRESS);
    const liquid = takeLiquid(
      next,
      userAddress !== undefined,
      deployment.addresses.ftxPriceFeed !== undefined,
    );
    this.constants ??= takeConstants(next);
    if (checkWallets) {
      const walletAddresses = Object.fromEntries(
        FEE_WALLETS.map((name) => [name, next() as Address]),
      ) as Record<FeeWallet, Address>;
      const walletsChanged = !wallets || FEE_WALLETS.some((name) => wallets[name] !== walletAddresses[name]);
      this.wallets = walletAddresses;
      this.walletsCheckedAt = this.now();
      if (walletsChanged) return undefined;
    }
    const balance = Object.fromEntries(FEE_WALLETS.map((name) => [name, dec(next())])) as Record<
      FeeWallet,
      Decimal
    >;
    return assembleState(lending, liquid, this.constants, balance, userAddress);
  }
}

type Next = () => unknown;

/** The lending protocol's part of a refresh's results, in stateCalls' order. */
function takeLending(next: Next, user: Address) {
  const blockNumber = next() as bigint;
  const rawTimestamp = next() as bigint;
  const price = dec(next());
  const numberOfCaches = Number(next() as bigint);
  const total = new Cache(dec(next()), dec(next())).add(new Cache(dec(next()), dec(next())));
  const totalRedistributed = new Cache(dec(next()), dec(next()));
  const baseRate = next() as bigint;
  const lastFeeOperationTime = next() as bigint;
  const totalLifetimeLiquidations = dec(next());
  const [debt, coll, stake, status] = next() as [bigint, bigint, bigint, number, bigint];
  const [snapshotETH, snapshotDebt] = next() as [bigint, bigint];
  const riskiestRow = (next() as readonly RiskiestRow[])[0];
  const paydInRewardsPool = dec(next());
  const totalRewardsDistributed = dec(next());
  const [initialValue, frontEndTag] = next() as [bigint, Address];
  const compounded = dec(next());
  const ethGain = dec(next());
  return {
    blockNumber,
    rawTimestamp,
    blockTimestamp: new Date(Number(rawTimestamp) * 1000),
    price,
    numberOfCaches,
    total,
    totalRedistributed,
    baseRate,
    lastFeeOperationTime,
    totalLifetimeLiquidations,
    cacheBeforeRedistribution: new CacheWithPendingRedistribution(
      user,
      cacheStatusFromNumber(status),
      dec(coll),
      dec(debt),
      dec(stake),
      new Cache(dec(snapshotETH), dec(snapshotDebt)),
    ),
    riskiestCacheBeforeRedistribution: riskiestRow
      ? new CacheWithPendingRedistribution(
          riskiestRow.owner,
          'open',
          dec(riskiestRow.coll),
          dec(riskiestRow.debt),
          dec(riskiestRow.stake),
          new Cache(dec(riskiestRow.snapshotETH), dec(riskiestRow.snapshotPAYDDebt)),
        )
      : new CacheWithPendingRedistribution(ZERO_ADDRESS, 'nonExistent'),
    paydInRewardsPool,
    totalRewardsDistributed,
    stabilityDeposit: new StabilityDeposit({
      initialPAYD: dec(initialValue),
      currentPAYD: compounded,
      collateralGain: ethGain,
      frontendTag: frontEndTag,
    }),
    accountBalance: dec(next()),
    paydBalance: dec(next()),
    collateralSurplusBalance: dec(next()),
    ftxBalance: dec(next()),
    ftxAllowance: dec(next()),
    ftxInventoryBalance: dec(next()),
    ftxStakeRow: next() as [bigint, bigint, bigint, bigint, bigint],
  };
}

interface RiskiestRow {
  owner: Address;
  debt: bigint;
  coll: bigint;
  stake: bigint;
  snapshotETH: bigint;
  snapshotPAYDDebt: bigint;
}

/** The validator pool's totals, the user's FETH and queue entry, and the FTX price. */
function takeLiquid(next: Next, hasUser: boolean, hasFtxFeed: boolean) {
  const pool = Object.fromEntries(POOL_TOTALS.map((name) => [name, next() as bigint])) as Record<
    PoolTotal,
    bigint
  >;
  const fethBalance = hasUser ? dec(next()) : Decimal.ZERO;
  const fethSwapDeposit = hasUser ? dec(next()) : Decimal.ZERO;
  const ethSwapClaim = hasUser ? dec(next()) : Decimal.ZERO;
  const [queuePosition, fethAhead] = hasUser ? (next() as readonly [bigint, bigint]) : [0n, 0n];
  const ftxPrice = hasFtxFeed ? dec(next()) : Decimal.ZERO;
  return {
    availableValidators: Number(pool.availableValidators),
    fethBalance,
    ftxPrice,
    totalStakedETH: dec(pool.totalStakedETH),
    totalLifetimeStakingRewards: dec(pool.totalLifetimeStakingRewards),
    totalLifetimeMiningRewards: dec(pool.totalLifetimeMiningRewards),
    currentRewards: dec(pool.currentRewards),
    rewardEthAmt: dec(pool.unaccountedETH),
    unfilledFETHInQueue: dec(pool.unfilledFETHInQueue),
    deactivatedETHInProgress: dec(pool.deactivatedETHInProgress),
    claimableETH: dec(pool.claimableETH),
    freeETH: dec(pool.freeETH),
    fethSwapDeposit,
    ethSwapClaim,
    fethQueuePosition: { position: Number(queuePosition), fethAhead: dec(fethAhead) },
  };
}

function takeConstants(next: Next): Constants {
  return {
    minuteDecayFactor: next() as bigint,
    beta: next() as bigint,
    stakePeriodSeconds: Number(next() as bigint),
    validatorAmount: next() as bigint,
  };
}

/** The base state from a refresh's decoded parts. */
function assembleState(
  lending: ReturnType<typeof takeLending>,
  liquid: ReturnType<typeof takeLiquid>,
  constants: Constants,
  balance: Record<FeeWallet, Decimal>,
  userAddress: Address | undefined,
): BaseState {
  const { baseRate, lastFeeOperationTime, rawTimestamp, ftxStakeRow, ...lendingFields } = lending;
  const [stakeAmount, since, , tier, percentage] = ftxStakeRow;
  const { minuteDecayFactor, beta, stakePeriodSeconds, validatorAmount } = constants;
  const unregistered = { status: 'unregistered' } as const;
  return {
    ...lendingFields,
    ...liquid,
    frontend: unregistered,
    ownFrontend: unregistered,
    userAddress,
    ftxStake: new FtxStake({
      stakedFTX: dec(stakeAmount),
      ...(since > 0n && { stakedSince: new Date(Number(since) * 1000) }),
      stakePeriodSeconds,
      tier: Number(tier),
      percentage: Number(percentage),
    }),
    validatorAmt: dec(validatorAmount),
    openCacheFeeBalance: balance.openCacheFee,
    topupCacheFeeBalance: balance.topupCacheFee,
    paydSwapFeeBalance: balance.paydSwapFee,
    fethSwapFeeBalance: balance.fethSwapFee,
    liquidationFeeBalance: balance.liquidationFee,
    liquidationDepositBalance: balance.liquidationDeposit,
    stakingFeeBalance: balance.stakingFee,
    miningFeeBalance: balance.miningFee,
    charityWalletFETH: balance.charityWalletFETH,
    charityWalletPAYD: balance.charityWalletPAYD,
    feesInNormalMode: feesFromChain(
      { baseRate, lastFeeOperationTime, minuteDecayFactor, beta, blockTimestamp: rawTimestamp },
      false,
    ),
  };
}

/**
 * The sub-calls of one refresh, in the order readOnce takes their results: the per-block reads,
 * then the constants (first refresh only), the fee wallet addresses (when due) and their balances
 * (once the addresses are known).
 */
function stateCalls(
  connection: ProtocolConnection,
  include: { constants: boolean; checkWallets: boolean; wallets: Record<FeeWallet, Address> | undefined },
): Call[] {
  const a = connection.deployment.addresses;
  const user = connection.userAddress ?? ZERO_ADDRESS;
  const multicall = multicallAddress(connection.deployment);
  const c = (address: Address, abi: Abi, functionName: string, args?: readonly unknown[]): Call =>
    args ? { address, abi, functionName, args } : { address, abi, functionName };
  return [
    c(multicall, multicall3Abi, 'getBlockNumber'),
    c(multicall, multicall3Abi, 'getCurrentBlockTimestamp'),
    c(a.priceFeed, iPriceFeedAbi, 'fetchPrice'),
    c(a.sortedCaches, sortedCachesAbi, 'getSize'),
    c(a.activePool, iActivePoolAbi, 'getETH'),
    c(a.activePool, iActivePoolAbi, 'getPAYDDebt'),
    c(a.defaultPool, iDefaultPoolAbi, 'getETH'),
    c(a.defaultPool, iDefaultPoolAbi, 'getPAYDDebt'),
    c(a.cacheManager, cacheManagerAbi, 'L_ETH'),
    c(a.cacheManager, cacheManagerAbi, 'L_PAYDDebt'),
    c(a.cacheManager, cacheManagerAbi, 'baseRate'),
    c(a.cacheManager, cacheManagerAbi, 'lastFeeOperationTime'),
    c(a.cacheManager, cacheManagerAbi, 'totalLifetimeLiquidations'),
    c(a.cacheManager, cacheManagerAbi, 'Caches', [user]),
    c(a.cacheManager, cacheManagerAbi, 'rewardSnapshots', [user]),
    c(a.multiCacheGetter, multiCacheGetterAbi, 'getMultipleSortedCaches', [-1n, 1n]),
    c(a.rewardsPool, rewardsPoolAbi, 'getTotalPAYDDeposits'),
    c(a.rewardsPool, rewardsPoolAbi, 'totalRewardsDistributed'),
    c(a.rewardsPool, rewardsPoolAbi, 'deposits', [user]),
    c(a.rewardsPool, rewardsPoolAbi, 'getCompoundedPAYDDeposit', [user]),
    c(a.rewardsPool, rewardsPoolAbi, 'getDepositorETHGain', [user]),
    c(multicall, multicall3Abi, 'getEthBalance', [user]),
    c(a.paydToken, paydTokenAbi, 'balanceOf', [user]),
    c(a.collSurplusPool, collSurplusPoolAbi, 'getCollateral', [user]),
    c(a.ftxToken, ftxTokenAbi, 'balanceOf', [user]),
    c(a.ftxToken, ftxTokenAbi, 'allowance', [user, a.ftxStaking]),
    c(a.ftxToken, ftxTokenAbi, 'balanceOf', [a.ftxStaking]),
    c(a.ftxStaking, ftxStakingAbi, 'getStake', [user]),
    ...POOL_TOTALS.map((name) => c(a.validatorPool, iValidatorPoolAbi, name)),
    ...(connection.userAddress === undefined
      ? []
      : [
          c(a.fethToken, ifethTokenAbi, 'balanceOf', [user]),
          c(a.validatorPool, iValidatorPoolAbi, 'fethSwapDeposit', [user]),
          c(a.validatorPool, iValidatorPoolAbi, 'ethSwapClaim', [user]),
          c(a.validatorPool, iValidatorPoolAbi, 'queuePosition', [user]),
        ]),
    ...(a.ftxPriceFeed ? [c(a.ftxPriceFeed, testPriceFeedAbi, 'getPrice')] : []),
    ...(!include.constants
      ? []
      : [
          c(a.cacheManager, cacheManagerAbi, 'MINUTE_DECAY_FACTOR'),
          c(a.cacheManager, cacheManagerAbi, 'BETA'),
          c(a.ftxStaking, ftxStakingAbi, 'stakePeriod'),
          c(a.validatorPool, iValidatorPoolAbi, 'VALIDATOR_AMOUNT'),
        ]),
    ...(include.checkWallets
      ? FEE_WALLETS.map((name) => c(a.lendingSettings, lendingSettingsAbi, name))
      : []),
    ...(include.wallets
      ? FEE_WALLETS.map((name) =>
          PAYD_WALLETS.has(name)
            ? c(a.paydToken, paydTokenAbi, 'balanceOf', [include.wallets![name]])
            : c(multicall, multicall3Abi, 'getEthBalance', [include.wallets![name]]),
        )
      : []),
  ];
}
