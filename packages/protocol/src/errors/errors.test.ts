import { describe, expect, it } from 'vitest';
import { Decimal } from '../decimal/Decimal.ts';
import * as errors from './errors.ts';

describe('error catalogue', () => {
  it.each([
    [new errors.UnsupportedNetworkError(42), 'Unsupported network (chainId = 42)'],
    [new errors.SignerRequiredError(), 'Must be connected through a Signer'],
    [new errors.SignerWithoutProviderError(), 'Signer must have a Provider'],
    [new errors.UserAddressRequiredError(), 'A user address is required'],
    [new errors.FrontendAddressRequiredError(), 'A frontend address is required'],
    [new errors.UserAddressOverrideError(), "Can't override userAddress when connecting through Signer"],
    [new errors.InvalidUseStoreError(), 'Invalid useStore value'],
    [new errors.TransactionReplacedError('0xabc'), 'Transaction cancelled / replaced'],
    [new errors.TransactionFailedError({}), 'Transaction failed'],
    [new errors.SetPriceUnavailableError(), 'setPrice() unavailable on this deployment'],
    [
      new errors.DebtBelowMinimumError(Decimal.from(2700), 10),
      "Cache's debt might fall below 2700 within 10 minutes",
    ],
    [
      new errors.RedemptionAmountTooLowError(Decimal.from(2500)),
      'redeemPAYD: amount too low to redeem (try at least 2500)',
    ],
    [new errors.PendingRewardsError(), 'Rewards must be applied to this Cache'],
    [new errors.NetDebtError(Decimal.from(200)), 'netDebt should not be used when debt < 200'],
    [new errors.StabilityDepositError(), "currentPAYD can't be greater than initialPAYD"],
    [new errors.BadDecimalFormatError('x'), 'bad decimal format: "x"'],
  ])('%s has its catalogue text', (error, message) => {
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe(message);
    expect(error.name).toBe(error.constructor.name);
  });
});

describe('rule texts', () => {
  it('carries the redemption refusal as its catalogue id and minimum', () => {
    const error = new errors.RedemptionAmountTooLowError(Decimal.from('3015.5'));
    expect(error.rule.id).toBe('rule.redeemTooLow');
    expect(error.rule.values.minimum!.amount.toString()).toBe('3015.5');
    expect(error.message).toBe('redeemPAYD: amount too low to redeem (try at least 3015.5)');
  });
});
