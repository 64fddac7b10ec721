// Decoding what a transaction did from its logs.
import { borrowerOperationsAbi, cacheManagerAbi } from '@payd/contracts/abi';
import { parseEventLogs, type Address, type TransactionReceipt } from 'viem';
import { Decimal } from '../decimal/Decimal.ts';
import { Cache } from '../model/Cache.ts';
import type { LiquidationDetails, RedemptionDetails } from '../model/results.ts';

const dec = (v: bigint) => Decimal.fromRaw(v);

/** What an opening or adjustment left: the new cache and the borrowing fee charged. */
export interface CacheChangeDetails {
  newCache: Cache;
  /** PAYD fee added to the debt (zero when nothing was borrowed or in recovery mode). */
  fee: Decimal;
}

export function cacheChangeDetails(receipt: TransactionReceipt, borrower: Address): CacheChangeDetails {
  const logs = parseEventLogs({
    abi: borrowerOperationsAbi,
    logs: receipt.logs,
    eventName: ['CacheUpdated', 'PAYDBorrowingFeePaid'],
  });
  const lower = borrower.toLowerCase();
  let newCache = new Cache();
  let fee = Decimal.ZERO;
  for (const log of logs) {
    if (log.eventName === 'CacheUpdated' && log.args.borrower.toLowerCase() === lower) {
      newCache = new Cache(dec(log.args.coll), dec(log.args.debt));
    }
    if (log.eventName === 'PAYDBorrowingFeePaid' && log.args.borrower.toLowerCase() === lower) {
      fee = fee.add(dec(log.args.PAYDFee));
    }
  }
  return { newCache, fee };
}

export function redemptionDetails(receipt: TransactionReceipt): RedemptionDetails {
  const [event] = parseEventLogs({ abi: cacheManagerAbi, logs: receipt.logs, eventName: 'Redemption' });
  if (!event) throw new Error('The receipt has no Redemption event');
  const { attemptedPAYDAmount, actualPAYDAmount, ETHSent, ETHFee } = event.args;
  return {
    attemptedPAYDAmount: dec(attemptedPAYDAmount),
    actualPAYDAmount: dec(actualPAYDAmount),
    collateralTaken: dec(ETHSent),
    fee: dec(ETHFee),
  };
}

export function liquidationDetails(receipt: TransactionReceipt): LiquidationDetails {
  const logs = parseEventLogs({
    abi: cacheManagerAbi,
    logs: receipt.logs,
    eventName: ['CacheLiquidated', 'Liquidation'],
  });
  const liquidatedAddresses: string[] = [];
  let totalLiquidated = new Cache();
  let collateralGasCompensation = Decimal.ZERO;
  let paydGasCompensation = Decimal.ZERO;
  for (const log of logs) {
    if (log.eventName === 'CacheLiquidated') liquidatedAddresses.push(log.args.borrower);
    if (log.eventName === 'Liquidation') {
      totalLiquidated = totalLiquidated.add(
        new Cache(dec(log.args.liquidatedColl), dec(log.args.liquidatedDebt)),
      );
      collateralGasCompensation = collateralGasCompensation.add(dec(log.args.collGasCompensation));
      paydGasCompensation = paydGasCompensation.add(dec(log.args.PAYDGasCompensation));
    }
  }
  return { liquidatedAddresses, collateralGasCompensation, paydGasCompensation, totalLiquidated };
}
