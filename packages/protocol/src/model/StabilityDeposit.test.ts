import { describe, expect, it } from 'vitest';
import { Decimal } from '../decimal/Decimal.ts';
import { StabilityDepositError } from '../errors/errors.ts';
import { StabilityDeposit } from './StabilityDeposit.ts';

const d = (v: string | number) => Decimal.from(v);

describe('StabilityDeposit', () => {
  it("refuses a current amount above the initial one with 'currentPAYD can't be greater than initialPAYD'", () => {
    expect(() => new StabilityDeposit({ initialPAYD: d(100), currentPAYD: d(101) })).toThrow(
      StabilityDepositError,
    );
    expect(() => new StabilityDeposit({ initialPAYD: d(100), currentPAYD: d(101) })).toThrow(
      "currentPAYD can't be greater than initialPAYD",
    );
  });

  it('defaults every amount to zero and is then empty', () => {
    const empty = new StabilityDeposit();
    expect(empty.isEmpty).toBe(true);
    expect(empty.frontendTag).toBe('0x0000000000000000000000000000000000000000');
    expect(new StabilityDeposit({ initialPAYD: d(1), currentPAYD: d(1) }).isEmpty).toBe(false);
    expect(new StabilityDeposit({ collateralGain: d('0.1') }).isEmpty).toBe(false);
  });

  const deposit = new StabilityDeposit({
    initialPAYD: d(1000),
    currentPAYD: d(800),
    collateralGain: d('0.2'),
  });

  it('turns a higher target into a deposit of the difference', () => {
    expect(deposit.whatChanged(1000)).toEqual({ depositPAYD: d(200) });
    expect(deposit.apply(deposit.whatChanged(1000)).toString()).toBe('1000');
  });

  it('turns a lower target into a withdrawal, and zero into withdrawing all', () => {
    expect(deposit.whatChanged(500)).toEqual({ withdrawPAYD: d(300), withdrawAllPAYD: false });
    expect(deposit.whatChanged(0)).toEqual({ withdrawPAYD: d(800), withdrawAllPAYD: true });
    expect(deposit.apply(deposit.whatChanged(500)).toString()).toBe('500');
    expect(deposit.apply(deposit.whatChanged(0)).isZero).toBe(true);
  });

  it('has no change for the same amount', () => {
    expect(deposit.whatChanged(800)).toBeUndefined();
    expect(deposit.apply(undefined).toString()).toBe('800');
  });

  it('leaves zero when more than the deposit is withdrawn', () => {
    expect(deposit.apply({ withdrawPAYD: d(5000), withdrawAllPAYD: false }).isZero).toBe(true);
  });

  it('compares all fields', () => {
    const same = new StabilityDeposit({
      initialPAYD: d(1000),
      currentPAYD: d(800),
      collateralGain: d('0.2'),
    });
    expect(deposit.equals(same)).toBe(true);
    expect(deposit.equals(new StabilityDeposit({ initialPAYD: d(1000), currentPAYD: d(800) }))).toBe(false);
  });
});
