import { Cache, Decimal, Fees } from '@payd/protocol';
import { describe, expect, it } from 'vitest';
import {
  bootstrapRefusal,
  checkMaxFee,
  maxFeeHint,
  rateDecay,
  redemptionPreview,
  truncationText,
  waitText,
} from './redeemRules.ts';

const d = (v: string) => Decimal.from(v);
const now = new Date('2026-11-25T00:00:00Z');
const fees = (baseRate: string) =>
  new Fees({
    baseRateWithoutDecay: d(baseRate),
    // CacheManager.MINUTE_DECAY_FACTOR: the base rate halves in 720 minutes.
    minuteDecayFactor: d('0.999037758833783388'),
    beta: d('2'),
    lastFeeOperation: now,
    timeOfLatestBlock: now,
    recoveryMode: false,
  });

describe('redemptionPreview', () => {
  it('charges the floor plus half the redeemed fraction, in ETH, and pays the rest', () => {
    // 1000 of 100000 PAYD: fraction 1%, rate 0.5% + 0.5% = 1%
    const p = redemptionPreview(fees('0'), new Cache(d('100'), d('100000')), d('2000'), d('1000'));
    expect(p.rate.toPercent()).toBe('1.00%');
    expect(p.ethDrawn.toString()).toBe('0.5');
    expect(p.feeETH.toString()).toBe('0.005');
    expect(p.ethReceived.toString()).toBe('0.495');
    expect(p.defaultMaxRate.toPercent()).toBe('1.10%');
  });

  it("takes the redeemer's FTX discount off the fee, as CacheManager charges it, not off the rate", () => {
    const p = redemptionPreview(fees('0'), new Cache(d('100'), d('100000')), d('2000'), d('1000'), 20);
    expect(p.rate.toPercent()).toBe('1.00%');
    expect(p.feeETH.toString()).toBe('0.004');
    expect(p.ethReceived.toString()).toBe('0.496');
    expect(p.defaultMaxRate.toPercent()).toBe('1.10%');
    const free = redemptionPreview(fees('0'), new Cache(d('100'), d('100000')), d('2000'), d('1000'), 100);
    expect(free.feeETH.isZero).toBe(true);
    expect(free.ethReceived.toString()).toBe('0.5');
  });
});

const supply = new Cache(d('100'), d('100000'));

describe('rateDecay', () => {
  it('halves the base rate in 12 hours', () => {
    const [hour, half, day] = rateDecay(fees('0.02'), now, supply);
    expect(hour!.rate.gt(half!.rate)).toBe(true);
    // 0.5% + 1% after 12 h, 0.5% + 0.5% after a day
    expect(half!.rate.toPercent()).toBe('1.50%');
    expect(day!.rate.toPercent()).toBe('1.00%');
    expect(waitText(60)).toBe('1 hour');
    expect(waitText(720)).toBe('12 hours');
    expect(waitText(1440)).toBe('1 day');
  });

  it("keeps the redemption's own raise of the base rate while the base rate decays", () => {
    // 2,000 of 100,000 PAYD: +1% on the base rate, which does not decay; 2% decays to 1% in 12 h.
    const [, half, day] = rateDecay(fees('0.02'), now, supply, d('2000'));
    expect(half!.rate.toPercent()).toBe('2.50%');
    expect(day!.rate.toPercent()).toBe('2.00%');
  });
});

describe('default maximum fee', () => {
  it('is the fee after this redemption plus 0.1 percentage points, not what the wallet holds', () => {
    // Base 2%: a small redemption pays 2.5%; 10,000 of 100,000 PAYD pays 2.5% + 5% = 7.5%.
    expect(redemptionPreview(fees('0.02'), supply, d('2000'), d('1')).defaultMaxRate.toPercent()).toBe(
      '2.60%',
    );
    expect(redemptionPreview(fees('0.02'), supply, d('2000'), d('10000')).defaultMaxRate.toPercent()).toBe(
      '7.60%',
    );
  });
});

describe('checkMaxFee', () => {
  it('reads percent and refuses a maximum under the rate or above 100%', () => {
    expect(checkMaxFee('1.1', d('0.01')).rate?.toString()).toBe('0.011');
    expect(checkMaxFee('0.9%', d('0.01')).message).toBe(
      "Below this redemption's fee rate of 1.00%: the transaction would refuse",
    );
    expect(checkMaxFee('101', d('0.01')).message).toBe('The maximum fee cannot be above 100%');
    expect(checkMaxFee('abc', d('0.01')).message).toBe('bad decimal format');
  });
});

describe('bootstrapRefusal', () => {
  const deployment = { deploymentDate: now.getTime(), bootstrapPeriod: 14 * 86_400 };
  it('refuses until the deployment date plus the bootstrap period', () => {
    expect(bootstrapRefusal(deployment, new Date(now.getTime() + 86_400_000))).toMatch(
      /^Redemptions are not open yet: the bootstrap period ends on 9 Dec 2026/,
    );
    expect(bootstrapRefusal(deployment, new Date(now.getTime() + 14 * 86_400_000))).toBeUndefined();
  });
});

describe('truncationText', () => {
  it('says how much is redeemed and how to take a whole further cache', () => {
    expect(truncationText(d('5000'), d('3000'), d('5500'))).toBe(
      'Only 3,000.00 of 5,000.00 PAYD can be redeemed: the rest would leave a cache under the minimum net debt of 2,500 PAYD. Or redeem 5,500.00 PAYD to take a whole further cache.',
    );
  });
});

describe('maximum fee hint', () => {
  const refuses =
    'If others redeem first and the fee rises above this, the transaction refuses rather than pay more.';

  it('says the fee was set for the person from this redemption rate', () => {
    const rate = Decimal.from('0.005');
    expect(maxFeeHint(rate)).toBe(
      `Set for you: this redemption's fee rate of ${rate.toPercent()} plus 0.1%. ${refuses}`,
    );
  });

  it('says only what the maximum does once the person set it', () => {
    expect(maxFeeHint(undefined)).toBe(refuses);
  });
});
