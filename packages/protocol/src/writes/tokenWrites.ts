// Token transfers and FTX staking.
import { ftxStakingAbi, ftxTokenAbi, paydTokenAbi } from '@payd/contracts/abi';
import { maxUint256, type Address } from 'viem';
import { requireSigner, type ProtocolConnection } from '../connection/connection.ts';
import { Decimal, type Decimalish } from '../decimal/Decimal.ts';
import { sendContractWrite, type SentTransaction } from './sendTransaction.ts';

const none = () => undefined;

export function sendPAYD(
  connection: ProtocolConnection,
  to: Address,
  amount: Decimalish,
): Promise<SentTransaction<undefined>> {
  requireSigner(connection);
  const { paydToken } = connection.deployment.addresses;
  return sendContractWrite(
    connection,
    { address: paydToken, abi: paydTokenAbi, functionName: 'transfer', args: [to, Decimal.from(amount).raw] },
    none,
  );
}

export function transferFTX(
  connection: ProtocolConnection,
  to: Address,
  amount: Decimalish,
): Promise<SentTransaction<undefined>> {
  requireSigner(connection);
  const { ftxToken } = connection.deployment.addresses;
  return sendContractWrite(
    connection,
    { address: ftxToken, abi: ftxTokenAbi, functionName: 'transfer', args: [to, Decimal.from(amount).raw] },
    none,
  );
}

/** Lets the FTX staking contract take `amount` FTX (unlimited by default). */
export function approveFTXStaking(
  connection: ProtocolConnection,
  amount?: Decimalish,
): Promise<SentTransaction<undefined>> {
  requireSigner(connection);
  const { ftxToken, ftxStaking } = connection.deployment.addresses;
  const value = amount === undefined ? maxUint256 : Decimal.from(amount).raw;
  return sendContractWrite(
    connection,
    { address: ftxToken, abi: ftxTokenAbi, functionName: 'approve', args: [ftxStaking, value] },
    none,
  );
}

/** Stakes `amount` more FTX; the lock restarts for the whole stake. */
export function stakeFTX(
  connection: ProtocolConnection,
  amount: Decimalish,
): Promise<SentTransaction<undefined>> {
  requireSigner(connection);
  const { ftxStaking } = connection.deployment.addresses;
  return sendContractWrite(
    connection,
    { address: ftxStaking, abi: ftxStakingAbi, functionName: 'stake', args: [Decimal.from(amount).raw] },
    none,
  );
}

/** Unstakes `amount` FTX once the lock has ended. */
export function unstakeFTX(
  connection: ProtocolConnection,
  amount: Decimalish,
): Promise<SentTransaction<undefined>> {
  requireSigner(connection);
  const { ftxStaking } = connection.deployment.addresses;
  return sendContractWrite(
    connection,
    { address: ftxStaking, abi: ftxStakingAbi, functionName: 'unstake', args: [Decimal.from(amount).raw] },
    none,
  );
}
