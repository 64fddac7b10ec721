// The pool's and FETH's refusals in words: from the revert data a node returns, through viem's
// decoding with the ABI the pool writes are sent with, to the text a person reads.
import { describe, expect, it } from 'vitest';
import {
  BaseError,
  ContractFunctionExecutionError,
  ContractFunctionRevertedError,
  encodeErrorResult,
  type Abi,
} from 'viem';
import { POOL_ERRORS_ABI, POOL_WRITE_ABI } from '../writes/poolAbi.ts';
import { POOL_ERROR_TEXTS, contractRevertOf, poolErrorText, poolRefusalText } from './poolErrors.ts';

const ETH = 10n ** 18n;
const ADDRESS = '0x00000000000000000000000000000000000000aa';

/** The error viem throws when a pool write is refused with `errorName(args)`. */
function refused(errorName: string, args: readonly unknown[] = []): Error {
  const data = encodeErrorResult({ abi: POOL_ERRORS_ABI, errorName, args } as never);
  const reverted = new ContractFunctionRevertedError({
    abi: POOL_WRITE_ABI,
    data,
    functionName: 'depositMultipleValidators',
  });
  return new ContractFunctionExecutionError(reverted, {
    abi: POOL_WRITE_ABI,
    functionName: 'depositMultipleValidators',
    args: [],
  });
}

describe('pool and FETH refusals', () => {
  it.each([
    ['NotEnoughAvailableValidators', [3n, 2n], 'Only 2 validators are available'],
    ['NotEnoughAvailableValidators', [3n, 1n], 'Only 1 validator is available'],
    ['AlreadyQueued', [7n], 'You already have FETH in the swap queue; cancel it first'],
    ['InsufficientFETH', [10n * ETH, 40n * ETH], 'You hold 10 FETH, less than the 40 FETH needed'],
    ['NothingToClaim', [ADDRESS], 'You have no swapped ETH to claim yet'],
    ['NothingQueued', [ADDRESS], 'You have no FETH in the swap queue'],
    ['ZeroAmount', [], 'Enter an amount above 0'],
    ['ZeroCount', [], 'Choose at least 1 validator'],
    ['WrongValue', [64n * ETH, 32n * ETH], 'Send exactly 64 ETH (32 ETH was sent)'],
    [
      'TooManyValidators',
      [51n, 50n],
      'At most 50 validators can be deposited in one transaction (you chose 51)',
    ],
    [
      'KycDenied',
      [ADDRESS, 'canDepositFETH'],
      'Your wallet is not approved by KYC for this action, so nothing was sent.',
    ],
    ['WrongValidatorStatus', [4n, 2], 'Validator 4 is staked, which does not allow this'],
    ['AlreadyReportedThisPeriod', [12n], 'Rewards were already reported for period 12'],
    [
      'RewardsNotArrived',
      [2n * ETH, ETH / 2n],
      'Only 0.5 ETH of rewards has reached the pool, less than the 2 ETH reported',
    ],
    [
      'ExitBalanceNotArrived',
      [64n * ETH, 32n * ETH],
      "The exited validators' ETH has not reached the pool yet (32 of 64 ETH)",
    ],
    ['RateTooHigh', [6n * 10n ** 16n, 5n * 10n ** 16n], 'A fee rate of 6.00% is above the maximum of 5.00%'],
    // bubbled up from the FETH token and the admin checks
    ['InsufficientBalance', [ADDRESS, ETH, 2n * ETH], 'You hold 1 FETH, less than the 2 FETH needed'],
    ['CallerNotAllowed', [ADDRESS], 'Only the validator pool may do this'],
    ['NotServerAdmin', [ADDRESS], "Only payd's server admin may do this"],
  ] as const)('%s reads as in the row', (name, args, text) => {
    const error = refused(name, args);
    expect(contractRevertOf(error)?.name).toBe(name);
    expect(poolRefusalText(error)).toBe(text);
  });

  it('has a text for every error a pool write can meet', () => {
    for (const item of POOL_ERRORS_ABI as Abi) {
      if (item.type === 'error') expect(POOL_ERROR_TEXTS[item.name], item.name).toBeDefined();
    }
  });

  it('decodes raw revert data found in the cause chain', () => {
    const data = encodeErrorResult({
      abi: POOL_ERRORS_ABI,
      errorName: 'NotEnoughAvailableValidators',
      args: [5n, 0n],
    } as never);
    const rpcError = new BaseError('execution reverted', {
      cause: Object.assign(new Error('rpc'), { data }),
    });
    expect(poolRefusalText(rpcError)).toBe('Only 0 validators are available');
  });

  it('leaves other errors to the caller', () => {
    expect(poolRefusalText(new Error('User rejected the request.'))).toBeUndefined();
    expect(poolRefusalText(undefined)).toBeUndefined();
    expect(poolErrorText({ name: 'RedemptionFeeTooHigh', args: [] })).toBeUndefined();
    const lending = Object.assign(new Error('reverted'), {
      data: { errorName: 'NothingToLiquidate', args: [] },
    });
    expect(contractRevertOf(lending)).toEqual({ name: 'NothingToLiquidate', args: [] });
    expect(poolRefusalText(lending)).toBeUndefined();
  });
});
