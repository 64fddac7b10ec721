import { describe, expect, it } from 'vitest';
import { Decimal } from '../decimal/Decimal.ts';
import { maxEthDeposit, maxRepay } from './maxAmounts.ts';

const d = (v: string | number) => Decimal.from(v);

describe('Max amounts', () => {
  it('leaves 0.02 ETH for gas, and never goes under zero', () => {
    expect(maxEthDeposit(d('10.5')).toString()).toBe('10.48');
    expect(maxEthDeposit(d('0.01')).isZero).toBe(true);
  });
  it('repays down to the minimum debt, at most what the wallet holds', () => {
    expect(maxRepay(d(5000), d(10_000)).toString()).toBe('2300');
    expect(maxRepay(d(5000), d(1000)).toString()).toBe('1000');
    expect(maxRepay(d(2700), d(1000)).isZero).toBe(true);
  });
});
