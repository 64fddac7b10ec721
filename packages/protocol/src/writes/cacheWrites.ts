// Opening, adjusting and closing a cache, with insert-position hints, the default maximum borrowing
// rate, the fee decay tolerance check and gas headroom.
import { borrowerOperationsAbi } from '@payd/contracts/abi';
import { requireSigner, type ProtocolConnection } from '../connection/connection.ts';
import { Decimal, type Decimalish } from '../decimal/Decimal.ts';
import { findHints } from '../hints/chainHints.ts';
import { Cache } from '../model/Cache.ts';
import {
  normalizeCacheAdjustment,
  normalizeCacheCreation,
  type CacheAdjustmentParams,
  type CacheCreationParams,
} from '../model/cacheParams.ts';
import {
  defaultMaxBorrowingRate,
  simulateAdjustmentDecay,
  simulateCreationDecay,
} from '../model/borrowingGuards.ts';
import { DEFAULT_BORROWING_FEE_DECAY_TOLERANCE_MINUTES } from '../model/constants.ts';
import { borrowingGasLimit, withListTraversalHeadroom } from '../model/gasHeadroom.ts';
import { readMarket } from '../reads/readMarket.ts';
import { cacheChangeDetails, type CacheChangeDetails } from './details.ts';
import {
  estimateWriteGas,
  sendContractWrite,
  type ContractWrite,
  type WriteArgs,
  type WriteName,
  type SentTransaction,
} from './sendTransaction.ts';

export interface BorrowingOptions {
  /** Highest borrowing rate accepted; default the current rate plus 0.5%. */
  maxBorrowingRate?: Decimalish;
  /** Minutes of fee decay the transaction must survive; default 10. */
  borrowingFeeDecayToleranceMinutes?: number;
}

type BorrowerAbi = typeof borrowerOperationsAbi;

function writeOf<F extends WriteName<BorrowerAbi>>(
  connection: ProtocolConnection,
  functionName: F,
  args: WriteArgs<BorrowerAbi, F>,
  value?: Decimal,
) {
  return {
    address: connection.deployment.addresses.borrowerOperations,
    abi: borrowerOperationsAbi,
    functionName,
    args,
    ...(value && !value.isZero && { value: value.raw }),
  } satisfies ContractWrite<BorrowerAbi, F>;
}

/** Opens a cache for the signer (and puts `stakePAYD` of the borrowed PAYD in the rewards pool). */
export async function openCache(
  connection: ProtocolConnection,
  params: CacheCreationParams<Decimalish>,
  options: BorrowingOptions = {},
): Promise<SentTransaction<CacheChangeDetails>> {
  const signer = requireSigner(connection);
  const normalized = normalizeCacheCreation(params);
  const { fees, discountPercent } = await readMarket(connection, signer.userAddress);
  const currentRate = fees.borrowingRate();
  const newCache = Cache.create(normalized, currentRate, discountPercent);
  const [upper, lower] = await findHints(connection, newCache);
  const maxRate = Decimal.from(options.maxBorrowingRate ?? defaultMaxBorrowingRate(currentRate));
  const tolerance =
    options.borrowingFeeDecayToleranceMinutes ?? DEFAULT_BORROWING_FEE_DECAY_TOLERANCE_MINUTES;
  const simulation = simulateCreationDecay(normalized, fees, tolerance, discountPercent);
  const build = (borrow: Decimal) =>
    normalized.stakePAYD
      ? writeOf(
          connection,
          'openCacheAndProvideToSp',
          [maxRate.raw, borrow.raw, upper, lower, normalized.stakePAYD.raw],
          normalized.depositCollateral,
        )
      : writeOf(
          connection,
          'openCache',
          [maxRate.raw, borrow.raw, upper, lower],
          normalized.depositCollateral,
        );
  const [gasNow, gasLater] = await Promise.all([
    estimateWriteGas(connection, build(normalized.borrowPAYD)),
    estimateWriteGas(connection, build(simulation.borrowPAYDSimulatingDecay)).catch(() => 0n),
  ]);
  const gas = borrowingGasLimit(gasNow, gasLater, tolerance);
  return sendContractWrite(connection, { ...build(normalized.borrowPAYD), gas }, (r) =>
    cacheChangeDetails(r, signer.userAddress),
  );
}

/** Adjusts the signer's cache; stakePAYD / unstakePAYD move PAYD into or out of the rewards pool too. */
export async function adjustCache(
  connection: ProtocolConnection,
  params: CacheAdjustmentParams<Decimalish>,
  options: BorrowingOptions = {},
): Promise<SentTransaction<CacheChangeDetails>> {
  const signer = requireSigner(connection);
  const normalized = normalizeCacheAdjustment(params);
  const { fees, cache, discountPercent } = await readMarket(connection, signer.userAddress);
  const currentRate = fees.borrowingRate();
  const finalCache = cache.adjust(normalized, currentRate, discountPercent);
  const [upper, lower] = await findHints(connection, finalCache, signer.userAddress);
  const maxRate = normalized.borrowPAYD
    ? Decimal.from(options.maxBorrowingRate ?? defaultMaxBorrowingRate(currentRate))
    : Decimal.ZERO;
  const tolerance =
    options.borrowingFeeDecayToleranceMinutes ?? DEFAULT_BORROWING_FEE_DECAY_TOLERANCE_MINUTES;
  const simulation = simulateAdjustmentDecay(cache, normalized, fees, tolerance, discountPercent);
  const collWithdrawal = normalized.withdrawCollateral ?? Decimal.ZERO;
  const isDebtIncrease = normalized.borrowPAYD !== undefined;
  const spAmount = normalized.stakePAYD ?? normalized.unstakePAYD;
  const build = (debtChange: Decimal) =>
    spAmount
      ? writeOf(
          connection,
          'adjustCacheAndSp',
          [
            maxRate.raw,
            collWithdrawal.raw,
            debtChange.raw,
            isDebtIncrease,
            upper,
            lower,
            spAmount.raw,
            normalized.stakePAYD !== undefined,
          ],
          normalized.depositCollateral,
        )
      : writeOf(
          connection,
          'adjustCache',
          [maxRate.raw, collWithdrawal.raw, debtChange.raw, isDebtIncrease, upper, lower],
          normalized.depositCollateral,
        );
  const debtChange = normalized.borrowPAYD ?? normalized.repayPAYD ?? Decimal.ZERO;
  const gasNow = await estimateWriteGas(connection, build(debtChange));
  const gas = simulation
    ? borrowingGasLimit(
        gasNow,
        await estimateWriteGas(connection, build(simulation.borrowPAYDSimulatingDecay)).catch(() => 0n),
        tolerance,
      )
    : withListTraversalHeadroom(gasNow);
  return sendContractWrite(connection, { ...build(debtChange), gas }, (r) =>
    cacheChangeDetails(r, signer.userAddress),
  );
}

/** Closes the signer's cache: repays the net debt and takes the collateral back. */
export async function closeCache(
  connection: ProtocolConnection,
): Promise<SentTransaction<CacheChangeDetails>> {
  const signer = requireSigner(connection);
  return sendContractWrite(connection, writeOf(connection, 'closeCache', []), (r) =>
    cacheChangeDetails(r, signer.userAddress),
  );
}

export const depositCollateral = (c: ProtocolConnection, amount: Decimalish) =>
  adjustCache(c, { depositCollateral: amount });
export const withdrawCollateral = (c: ProtocolConnection, amount: Decimalish) =>
  adjustCache(c, { withdrawCollateral: amount });
export const borrowPAYD = (c: ProtocolConnection, amount: Decimalish, options?: BorrowingOptions) =>
  adjustCache(c, { borrowPAYD: amount }, options);
export const repayPAYD = (c: ProtocolConnection, amount: Decimalish) => adjustCache(c, { repayPAYD: amount });

/** Claims the collateral left over after a liquidation in recovery mode or a redemption that closed the cache. */
export async function claimCollateralSurplus(
  connection: ProtocolConnection,
): Promise<SentTransaction<undefined>> {
  return sendContractWrite(connection, writeOf(connection, 'claimCollateral', []), () => undefined);
}
