// Redeeming PAYD for ETH from the riskiest caches, with hints and truncation to what can be redeemed.
import { cacheManagerAbi } from '@payd/contracts/abi';
import { requireSigner, type ProtocolConnection } from '../connection/connection.ts';
import { Decimal, type Decimalish } from '../decimal/Decimal.ts';
import { findRedemptionHints } from '../hints/chainHints.ts';
import { checkRedemptionAmount, defaultMaxRedemptionRate } from '../hints/redemptionHints.ts';
import type { Address } from 'viem';
import { Cache } from '../model/Cache.ts';
import { REDEMPTION_MAX_ITERATIONS } from '../model/constants.ts';
import { redemptionMinimum } from '../model/redemptionFloor.ts';
import { ZERO_ADDRESS } from '../model/StabilityDeposit.ts';
import { withListTraversalHeadroom } from '../model/gasHeadroom.ts';
import type { RedemptionDetails } from '../model/results.ts';
import { readMarket } from '../reads/readMarket.ts';
import { redemptionDetails } from './details.ts';
import { estimateWriteGas, sendContractWrite, type SentTransaction } from './sendTransaction.ts';

export interface PreparedRedemption {
  /** PAYD that will be redeemed: the attempted amount, truncated to what the caches allow. */
  amount: Decimal;
  /** When truncated: a larger amount (truncated + minimum net debt) that would redeem a further cache. */
  increasedAmount?: Decimal;
  /** Lowest ETH accepted, from the maximum redemption rate. */
  minimumETH: Decimal;
  send(): Promise<SentTransaction<RedemptionDetails>>;
}

/** The cache a redemption reaches first, pending redistribution applied; undefined for none. */
async function firstCache(connection: ProtocolConnection, owner: Address): Promise<Cache | undefined> {
  if (owner === ZERO_ADDRESS) return undefined;
  const [debt, coll] = await connection.publicClient.readContract({
    address: connection.deployment.addresses.cacheManager,
    abi: cacheManagerAbi,
    functionName: 'getEntireDebtAndColl',
    args: [owner],
  });
  return new Cache(Decimal.fromRaw(coll), Decimal.fromRaw(debt));
}

/**
 * Prepares a redemption of `amount` PAYD. Throws 'redeemPAYD: amount too low to redeem (try at
 * least {n})' when nothing can be redeemed, n being the first cache's net debt.
 */
export async function prepareRedemption(
  connection: ProtocolConnection,
  amount: Decimalish,
  maxRedemptionRate?: Decimalish,
): Promise<PreparedRedemption> {
  requireSigner(connection);
  const attempted = Decimal.from(amount);
  const { price, fees, total } = await readMarket(connection);
  const hints = await findRedemptionHints(connection, attempted, price);
  const minimum = hints.truncatedAmount.isZero
    ? redemptionMinimum(await firstCache(connection, hints.firstRedemptionHint))
    : undefined;
  const { amount: redeemed, increasedAmount } = checkRedemptionAmount(
    attempted,
    hints.truncatedAmount,
    minimum,
  );
  const maxRate = Decimal.from(maxRedemptionRate ?? defaultMaxRedemptionRate(fees, redeemed, total));
  const minimumETH = redeemed.div(price).mul(Decimal.ONE.subOrZero(maxRate));
  const write = {
    address: connection.deployment.addresses.cacheManager,
    abi: cacheManagerAbi,
    functionName: 'redeemCollateral',
    args: [
      redeemed.raw,
      minimumETH.raw,
      hints.firstRedemptionHint,
      hints.upperPartialRedemptionHint,
      hints.lowerPartialRedemptionHint,
      hints.partialRedemptionHintNICR.raw,
      BigInt(REDEMPTION_MAX_ITERATIONS),
    ],
  } as const;
  return {
    amount: redeemed,
    ...(increasedAmount && { increasedAmount }),
    minimumETH,
    async send() {
      const gas = withListTraversalHeadroom(await estimateWriteGas(connection, write));
      return sendContractWrite(connection, { ...write, gas }, redemptionDetails);
    },
  };
}

/** Redeems `amount` PAYD (truncated as needed) for ETH. */
export async function redeemPAYD(
  connection: ProtocolConnection,
  amount: Decimalish,
  maxRedemptionRate?: Decimalish,
): Promise<SentTransaction<RedemptionDetails>> {
  return (await prepareRedemption(connection, amount, maxRedemptionRate)).send();
}
