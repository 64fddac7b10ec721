// Batch validator deposits through the multiple-deposit contract: the staking web app's stake flow,
// where the person's own keys (withdrawal credentials of their choosing) are deposited, each with its
// own amount (issue 25: 0x01 validators of 32 ETH, 0x02 validators of 32-2048 ETH and top-ups of 1-2048
// ETH, mixed in one transaction). The validator pool's deposit for FETH is depositMultipleValidators
// (poolWrites.ts).
import { multipleDepositAbi } from '@payd/contracts/abi';
import { depositAmountMessages, MAX_DEPOSIT_GWEI, MIN_DEPOSIT_GWEI } from '@payd/schemas/deposit';
import type { Hex } from 'viem';
import { requireSigner, type ProtocolConnection } from '../connection/connection.ts';
import { Decimal } from '../decimal/Decimal.ts';
import { ContractNotDeployedError } from '../errors/errors.ts';
import { toValidatorDepositData } from './poolWrites.ts';
import { sendContractWrite, type SentTransaction } from './sendTransaction.ts';

/** One validator's deposit data, as the deposit contract takes it. */
export interface ValidatorDepositData {
  pubkey: Hex;
  withdrawal_credentials: Hex;
  signature: Hex;
  deposit_data_root: Hex;
}

/** One entry of a MultipleDeposit batch: the deposit data and the amount it was signed for. */
export interface ValidatorBatchDeposit extends ValidatorDepositData {
  /** In wei: the deposit data's `amount` (gwei) × 10^9. */
  amount: bigint;
}

const GWEI = 10n ** 9n;
/** MultipleDeposit's MIN_DEPOSIT_AMOUNT and MAX_DEPOSIT_AMOUNT (wei): @payd/schemas' 1 and 2048 ETH. */
const MIN_DEPOSIT_WEI = BigInt(MIN_DEPOSIT_GWEI) * GWEI;
const MAX_DEPOSIT_WEI = BigInt(MAX_DEPOSIT_GWEI) * GWEI;
const eth = (wei: unknown) => Decimal.fromRaw(BigInt(wei as bigint)).toString();

/** A deposit data file entry (hex with or without 0x, amount in gwei) as a batch entry (amount in wei). */
export function toValidatorBatchDeposit(entry: {
  pubkey: string;
  withdrawal_credentials: string;
  signature: string;
  deposit_data_root: string;
  amount: number | string | bigint;
}): ValidatorBatchDeposit {
  return { ...toValidatorDepositData(entry), amount: BigInt(entry.amount) * GWEI };
}

/**
 * The value a batch sends: the sum of its amounts. Refuses (RangeError, before any wallet is asked)
 * what MultipleDeposit would refuse: no entry, an amount below 1 ETH or above 2048 ETH, or not whole gwei.
 */
export function validatorBatchValue(deposits: readonly ValidatorBatchDeposit[]): bigint {
  if (!deposits.length) throw new RangeError('A deposit needs at least one validator');
  return deposits.reduce((sum, d, i) => {
    if (d.amount < MIN_DEPOSIT_WEI || d.amount > MAX_DEPOSIT_WEI)
      throw new RangeError(`Deposit ${i} is ${eth(d.amount)} ETH. ${depositAmountMessages.topUpRange}`);
    if (d.amount % GWEI !== 0n) throw new RangeError(`Deposit ${i} is not a whole number of gwei`);
    return sum + d.amount;
  }, 0n);
}

/**
 * Deposits every validator in one MultipleDeposit transaction, each with its own amount, the value
 * their sum; all or nothing. (Before issue 13 this was called depositMultipleValidators; that name
 * is now the pool's. Before issue 25 every entry took 32 ETH.)
 */
export function depositValidatorBatch(
  connection: ProtocolConnection,
  deposits: readonly ValidatorBatchDeposit[],
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
      value: validatorBatchValue(deposits),
    },
    () => undefined,
  );
}

/** MultipleDeposit's custom errors in words a person understands (contractRevertOf decodes them). */
export const MULTIPLE_DEPOSIT_ERROR_TEXTS: Readonly<Record<string, (args: readonly unknown[]) => string>> = {
  NoDeposits: () => 'Choose at least 1 validator',
  TooManyDeposits: ([count, max]) =>
    `At most ${String(max)} deposits fit in one transaction (this one has ${String(count)})`,
  AmountOutOfRange: ([index, amount]) =>
    `Deposit ${String(index)} is ${eth(amount)} ETH. ${depositAmountMessages.topUpRange}`,
  AmountNotWholeGwei: ([index]) => `Deposit ${String(index)} is not a whole number of gwei`,
  WrongValue: ([expected, sent]) => `Send exactly ${eth(expected)} ETH (${eth(sent)} ETH was sent)`,
  DepositFailed: ([index]) => `The beacon deposit contract refused deposit ${String(index)}`,
};
