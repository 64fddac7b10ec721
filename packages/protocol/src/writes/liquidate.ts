// Liquidating a given cache, or up to n of the riskiest ones. Anyone may liquidate.
import { cacheManagerAbi } from '@payd/contracts/abi';
import type { Address } from 'viem';
import type { ProtocolConnection } from '../connection/connection.ts';
import { withLiquidationHeadroom } from '../model/gasHeadroom.ts';
import type { LiquidationDetails } from '../model/results.ts';
import { liquidationDetails } from './details.ts';
import {
  estimateWriteGas,
  sendContractWrite,
  type SentTransaction,
  type WriteArgs,
  type WriteName,
} from './sendTransaction.ts';

type Abi = typeof cacheManagerAbi;

async function send<F extends WriteName<Abi>>(
  connection: ProtocolConnection,
  functionName: F,
  args: WriteArgs<Abi, F>,
) {
  const write = {
    address: connection.deployment.addresses.cacheManager,
    abi: cacheManagerAbi,
    functionName,
    args,
  };
  const gas = withLiquidationHeadroom(await estimateWriteGas(connection, write));
  return sendContractWrite(connection, { ...write, gas }, liquidationDetails);
}

/** Liquidates the cache of `borrower`. */
export function liquidate(
  connection: ProtocolConnection,
  borrower: Address,
): Promise<SentTransaction<LiquidationDetails>> {
  return send(connection, 'liquidate', [borrower]);
}

/** Liquidates up to `maximumNumberOfCachesToLiquidate` caches, riskiest first. */
export function liquidateUpTo(
  connection: ProtocolConnection,
  maximumNumberOfCachesToLiquidate: number,
): Promise<SentTransaction<LiquidationDetails>> {
  return send(connection, 'liquidateCaches', [BigInt(maximumNumberOfCachesToLiquidate)]);
}
