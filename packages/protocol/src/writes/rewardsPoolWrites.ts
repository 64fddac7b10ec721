// Deposits in and withdrawals from the rewards pool.
import { rewardsPoolAbi } from '@payd/contracts/abi';
import type { Address } from 'viem';
import { requireSigner, type ProtocolConnection } from '../connection/connection.ts';
import { Decimal, type Decimalish } from '../decimal/Decimal.ts';
import { ZERO_ADDRESS } from '../model/StabilityDeposit.ts';
import {
  sendContractWrite,
  type SentTransaction,
  type WriteArgs,
  type WriteName,
} from './sendTransaction.ts';

type Abi = typeof rewardsPoolAbi;

const pool = <F extends WriteName<Abi>>(c: ProtocolConnection, functionName: F, args: WriteArgs<Abi, F>) => ({
  address: c.deployment.addresses.rewardsPool,
  abi: rewardsPoolAbi,
  functionName,
  args,
});

/** Deposits PAYD (paying out the ETH gain so far); tagged with the connection's frontend if any. */
export function depositPAYDInRewardsPool(
  connection: ProtocolConnection,
  amount: Decimalish,
  frontendTag?: Address,
): Promise<SentTransaction<undefined>> {
  requireSigner(connection);
  const tag = frontendTag ?? connection.frontendTag ?? ZERO_ADDRESS;
  return sendContractWrite(
    connection,
    pool(connection, 'provideToSP', [Decimal.from(amount).raw, tag]),
    () => undefined,
  );
}

/** Withdraws up to `amount` PAYD (everything when it exceeds the deposit) and the ETH gain. */
export function withdrawPAYDFromRewardsPool(
  connection: ProtocolConnection,
  amount: Decimalish,
): Promise<SentTransaction<undefined>> {
  requireSigner(connection);
  return sendContractWrite(
    connection,
    pool(connection, 'withdrawFromSP', [Decimal.from(amount).raw]),
    () => undefined,
  );
}

/** Withdraws the gains only; the deposit stays at its compounded value. */
export function withdrawGainsFromRewardsPool(
  connection: ProtocolConnection,
): Promise<SentTransaction<undefined>> {
  requireSigner(connection);
  return sendContractWrite(connection, pool(connection, 'withdrawETHGain', []), () => undefined);
}

/** The ETH gain is the pool's only gain on this deployment, so this is withdrawGainsFromRewardsPool. */
export const withdrawETHGain = withdrawGainsFromRewardsPool;
