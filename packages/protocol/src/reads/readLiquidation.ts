// Why a cache was liquidated: its last CacheLiquidated event (normal or recovery mode, its debt and
// collateral then) and the price of that block, judged by the model's liquidationReasonOf.
import { cacheManagerAbi, iPriceFeedAbi } from '../abi/readAbis.ts';
import type { Address } from 'viem';
import type { ProtocolConnection } from '../connection/connection.ts';
import { withReadRetry } from '../connection/readRetry.ts';
import { Decimal } from '../decimal/Decimal.ts';
import { liquidationReasonOf, type LiquidationReason } from '../model/liquidation.ts';

/** CacheManagerOperation.liquidateInRecoveryMode. */
const LIQUIDATE_IN_RECOVERY_MODE = 2;

export interface CacheLiquidation {
  blockNumber: bigint;
  recoveryMode: boolean;
  /** Debt and collateral of the cache when it was liquidated (pending redistribution included). */
  debt: Decimal;
  collateral: Decimal;
  /** The ETH price it was liquidated at. */
  price: Decimal;
  reason: LiquidationReason;
}

/** The last liquidation of `borrower`'s cache, or undefined when it was never liquidated. */
export async function getCacheLiquidation(
  connection: ProtocolConnection,
  borrower: Address,
): Promise<CacheLiquidation | undefined> {
  const { publicClient, deployment } = connection;
  const events = await withReadRetry(() =>
    publicClient.getContractEvents({
      address: deployment.addresses.cacheManager,
      abi: cacheManagerAbi,
      eventName: 'CacheLiquidated',
      args: { borrower },
      fromBlock: BigInt(deployment.startBlock),
    }),
  );
  const last = events.at(-1);
  if (!last || last.blockNumber === null) return undefined;
  const { debt, coll, operation } = last.args as { debt: bigint; coll: bigint; operation: number };
  const price = Decimal.fromRaw(
    await withReadRetry(() =>
      publicClient.readContract({
        address: deployment.addresses.priceFeed,
        abi: iPriceFeedAbi,
        functionName: 'lastGoodPrice',
        blockNumber: last.blockNumber,
      }),
    ),
  );
  const liquidated = {
    debt: Decimal.fromRaw(debt),
    collateral: Decimal.fromRaw(coll),
    recoveryMode: operation === LIQUIDATE_IN_RECOVERY_MODE,
  };
  return {
    blockNumber: last.blockNumber,
    ...liquidated,
    price,
    reason: liquidationReasonOf(liquidated, price),
  };
}
