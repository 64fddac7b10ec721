import { RedemptionAmountTooLowError, Decimal } from '@payd/protocol';
import { describe, expect, it } from 'vitest';
import { refusalText, revertedWith } from './refusals.ts';

describe('refusalText', () => {
  it('finds the custom error deep in a viem-like cause chain', () => {
    const error = {
      shortMessage: 'Execution reverted.',
      cause: { cause: { data: { errorName: 'RedemptionsNotOpenYet', args: [1_700_000_000n] } } },
    };
    expect(revertedWith(error)?.name).toBe('RedemptionsNotOpenYet');
    expect(refusalText(error)).toMatch(/^Redemptions are not open yet: the bootstrap period ends on .*2023/);
  });
  it('says the fee tolerance refused rather than paid more', () => {
    expect(refusalText({ cause: { errorName: 'RedemptionFeeTooHigh', args: [] } })).toContain(
      'rose above your maximum fee',
    );
  });
  it('passes the spec message of @payd/protocol through verbatim', () => {
    expect(refusalText(new RedemptionAmountTooLowError(Decimal.from(2500)))).toBe(
      'redeemPAYD: amount too low to redeem (try at least 2500)',
    );
  });
  it('is silent when the person rejected the request in the wallet', () => {
    expect(refusalText(new Error('User rejected the request.'))).toBeUndefined();
  });
  it('names an unknown custom error', () => {
    expect(refusalText({ data: { errorName: 'Weird' } })).toBe('The transaction was refused (Weird).');
  });
});
