// Batch validator deposits (32 ETH each) through the multiple-deposit contract: the staking web
// app's stake flow, where the person's own keys (withdrawal credentials of their choosing) are
// deposited. The validator pool's deposit for FETH is depositMultipleValidators (poolWrites.ts).
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

/**
 * Deposits every validator in one MultipleDeposit transaction with exactly 32 ETH each; all or
 * nothing. (Before issue 13 this was called depositMultipleValidators; that name is now the pool's.)
 */
export function depositValidatorBatch(
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
