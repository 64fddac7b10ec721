// Batch validator deposits (32 ETH each) through the multiple-deposit contract, and the FETH swap
// writes whose contracts are not deployed yet.
import { multipleDepositAbi } from '@payd/contracts/abi';
import type { Hex } from 'viem';
import { requireSigner, type ProtocolConnection } from '../connection/connection.ts';
import { ContractNotDeployedError } from '../errors/errors.ts';
import { VALIDATOR_DEPOSIT } from '../model/constants.ts';
import { sendContractWrite, type SentTransaction } from './sendTransaction.ts';

/** One validator's deposit data, as the deposit contract takes it. */
export interface ValidatorDepositData {
  pubkey: Hex;
  withdrawal_credentials: Hex;
  signature: Hex;
  deposit_data_root: Hex;
}

/** Deposits every validator in one transaction with exactly 32 ETH each; all or nothing. */
export function depositMultipleValidators(
  connection: ProtocolConnection,
  deposits: readonly ValidatorDepositData[],
): Promise<SentTransaction<undefined>> {
  requireSigner(connection);
  const address = connection.deployment.addresses.multipleDeposit;
  if (!address) throw new ContractNotDeployedError('The multiple-deposit contract');
  return sendContractWrite(
    connection,
    {
      address,
      abi: multipleDepositAbi,
      functionName: 'depositMultiple',
      args: [deposits],
      value: VALIDATOR_DEPOSIT.raw * BigInt(deposits.length),
    },
    () => undefined,
  );
}

const FETH_SWAP = 'The FETH swap queue';

/** Queues FETH to be swapped for ETH. Needs the FETH contracts (a later issue). */
export function depositFETH(_connection: ProtocolConnection, _amount: unknown): never {
  throw new ContractNotDeployedError(FETH_SWAP);
}

/** Claims the ETH of filled swaps. Needs the FETH contracts (a later issue). */
export function claimETH(_connection: ProtocolConnection): never {
  throw new ContractNotDeployedError(FETH_SWAP);
}

/** Cancels the unfilled part of a queued swap. Needs the FETH contracts (a later issue). */
export function cancelFETHDeposit(_connection: ProtocolConnection): never {
  throw new ContractNotDeployedError(FETH_SWAP);
}
