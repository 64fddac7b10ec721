// The few values a write needs before it is sent (fees, price, totals, the sender's cache), read in
// one multicall.
import {
  cacheManagerAbi,
  iActivePoolAbi,
  iDefaultPoolAbi,
  iftxStakingAbi,
  iPriceFeedAbi,
  multicall3Abi,
} from '../abi/readAbis.ts';
import type { Address } from 'viem';
import type { ProtocolConnection } from '../connection/connection.ts';
import { multicallAddress } from '../connection/deployment.ts';
import { withReadRetry } from '../connection/readRetry.ts';
import { Decimal } from '../decimal/Decimal.ts';
import { Cache } from '../model/Cache.ts';
import { isRecoveryMode } from '../model/derivedState.ts';
import type { Fees } from '../model/Fees.ts';
import { feesFromChain } from './feesFromChain.ts';
import { ZERO_ADDRESS } from '../model/StabilityDeposit.ts';

export interface Market {
  price: Decimal;
  total: Cache;
  /** Fees with recovery mode set. */
  fees: Fees;
  /** `owner`'s cache with pending redistribution applied (empty without an owner). */
  cache: Cache;
  /** The percentage `owner`'s FTX stake takes off the borrowing fee (0 without an owner or a stake). */
  discountPercent: number;
}

const dec = (v: bigint) => Decimal.fromRaw(v);

export async function readMarket(connection: ProtocolConnection, owner?: Address): Promise<Market> {
  const { deployment, publicClient } = connection;
  const a = deployment.addresses;
  const multicall = multicallAddress(deployment);
  const results = await withReadRetry(() =>
    publicClient.multicall({
      allowFailure: false,
      multicallAddress: multicall,
      contracts: [
        { address: multicall, abi: multicall3Abi, functionName: 'getCurrentBlockTimestamp' },
        { address: a.priceFeed, abi: iPriceFeedAbi, functionName: 'fetchPrice' },
        { address: a.activePool, abi: iActivePoolAbi, functionName: 'getETH' },
        { address: a.activePool, abi: iActivePoolAbi, functionName: 'getPAYDDebt' },
        { address: a.defaultPool, abi: iDefaultPoolAbi, functionName: 'getETH' },
        { address: a.defaultPool, abi: iDefaultPoolAbi, functionName: 'getPAYDDebt' },
        { address: a.cacheManager, abi: cacheManagerAbi, functionName: 'baseRate' },
        { address: a.cacheManager, abi: cacheManagerAbi, functionName: 'lastFeeOperationTime' },
        { address: a.cacheManager, abi: cacheManagerAbi, functionName: 'MINUTE_DECAY_FACTOR' },
        { address: a.cacheManager, abi: cacheManagerAbi, functionName: 'BETA' },
        {
          address: a.cacheManager,
          abi: cacheManagerAbi,
          functionName: 'getEntireDebtAndColl',
          args: [owner ?? ZERO_ADDRESS],
        },
        {
          address: a.ftxStaking,
          abi: iftxStakingAbi,
          functionName: 'getDiscountPercentage',
          args: [owner ?? ZERO_ADDRESS],
        },
      ] as const,
    }),
  );
  const [
    timestamp,
    price,
    activeColl,
    activeDebt,
    defaultColl,
    defaultDebt,
    baseRate,
    lastFeeOp,
    decay,
    beta,
    entire,
    discount,
  ] = results;
  const total = new Cache(dec(activeColl + defaultColl), dec(activeDebt + defaultDebt));
  const priceDecimal = dec(price);
  const fees = feesFromChain(
    { baseRate, lastFeeOperationTime: lastFeeOp, minuteDecayFactor: decay, beta, blockTimestamp: timestamp },
    isRecoveryMode(total, priceDecimal),
  );
  const [debt, coll] = entire;
  return {
    price: priceDecimal,
    total,
    fees,
    cache: new Cache(dec(coll), dec(debt)),
    discountPercent: Number(discount),
  };
}
