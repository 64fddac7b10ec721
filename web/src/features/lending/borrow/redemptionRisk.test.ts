import { describe, expect, it } from 'vitest';
import { Cache, Decimal } from '@payd/protocol';
import { redemptionRisk } from './redemptionRisk.ts';

const d = (v: number) => Decimal.from(v);
const list = [
  { ownerAddress: '0xA', cache: new Cache(d(2), d(3000)) },
  { ownerAddress: '0xB', cache: new Cache(d(3), d(4000)) },
  { ownerAddress: '0xC', cache: new Cache(d(9), d(5000)) },
];

describe('redemption risk', () => {
  it('adds up the debt of the caches in front', () => {
    const risk = redemptionRisk('0xc', list, d(100_000))!;
    expect(risk.debtInFront.toString()).toBe('7000');
    expect(risk.cachesInFront).toBe(2);
  });

  it('warns when an ordinary redemption (10% of all debt) would reach the cache', () => {
    expect(redemptionRisk('0xC', list, d(100_000))!.headsUp).toBe(true);
    expect(redemptionRisk('0xC', list, d(50_000))!.headsUp).toBe(false);
    expect(redemptionRisk('0xA', list, d(50_000))!.headsUp).toBe(true);
  });

  it('is unknown for a cache not in the list', () => {
    expect(redemptionRisk('0xD', list, d(1))).toBeUndefined();
  });
});
