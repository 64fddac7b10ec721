import { Cache, CacheWithPendingRedistribution, Decimal, type LiquidationState } from '@payd/protocol';
import { describe, expect, it } from 'vitest';
import {
  LAST_CACHE_TEXT,
  liquidationSummary,
  pageCount,
  riskyRows,
  cachesText,
  isOwn,
} from './riskyRules.ts';

const d = (v: string) => Decimal.from(v);
const cache = (owner: string, coll: string, debt: string) =>
  new CacheWithPendingRedistribution(owner, 'open', d(coll), d(debt), d(coll), new Cache());

const market = (over: Partial<LiquidationState> = {}): LiquidationState => ({
  price: d('1700'),
  total: new Cache(d('1000'), d('100000')), // 1700%: normal mode
  paydInRewardsPool: d('0'),
  numberOfCaches: 3,
  ...over,
});

describe('riskyRows', () => {
  it('orders by ratio at today’s price and offers only those under 115% in normal mode', () => {
    const rows = riskyRows([cache('0xb', '2', '3000'), cache('0xa', '2', '2700')], new Cache(), market());
    expect(rows.map((r) => r.owner)).toEqual(['0xb', '0xa']);
    expect(rows.map((r) => r.ratio.toPercent())).toEqual(['113.3%', '125.9%']);
    expect(rows.map((r) => r.liquidatable)).toEqual([true, false]);
    expect(rows[1]!.reason).toBe('At or above 115%: cannot be liquidated.');
  });
  it('applies pending redistribution before the ratio', () => {
    const [row] = riskyRows([cache('0xa', '2', '2700')], new Cache(d('0'), d('300')), market());
    expect(row!.debt.toString()).toBe('3300');
    expect(row!.liquidatable).toBe(true);
  });
  it('recovery mode with a small pool: a cache at 119.8% under the total ratio is not offered, and says why', () => {
    const state = market({
      price: d('1000'),
      total: new Cache(d('140'), d('100000')),
      paydInRewardsPool: d('1000'),
    });
    const [row] = riskyRows([cache('0xa', '3.594', '3000')], new Cache(), state);
    expect(row!.ratio.toPercent()).toBe('119.8%');
    expect(row!.liquidatable).toBe(false);
    expect(row!.reason).toBe(
      'Recovery mode: under the total collateral ratio of 140.0%, but the rewards pool (1,000.00 PAYD) cannot cover its debt of 3,000.00 PAYD, so it cannot be liquidated until its ratio falls under 115%.',
    );
    const covered = riskyRows([cache('0xa', '3.594', '3000')], new Cache(), {
      ...state,
      paydInRewardsPool: d('3000'),
    });
    expect(covered[0]!.liquidatable).toBe(true);
  });
  it('never offers the last cache, at 107.1%', () => {
    const c = cache('0xa', '3.213', '3000');
    const [row] = riskyRows([c], new Cache(), market({ price: d('1000'), total: c, numberOfCaches: 1 }));
    expect(row!.ratio.toPercent()).toBe('107.1%');
    expect(row!.liquidatable).toBe(false);
    expect(row!.reason).toBe(LAST_CACHE_TEXT);
  });
});

describe('paging and summary', () => {
  it('pages by ten', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(10)).toBe(1);
    expect(pageCount(11)).toBe(2);
  });
  it('says what was liquidated and the gas used', () => {
    const lines = liquidationSummary(
      {
        liquidatedAddresses: ['0x1111111111111111111111111111111111112222'],
        collateralGasCompensation: d('0.01'),
        paydGasCompensation: d('200'),
        totalLiquidated: new Cache(d('2'), d('3000')),
      },
      412345n,
    );
    expect(lines).toEqual([
      '1 cache liquidated: 0x1111…2222',
      'Collateral 2.0000 ETH, debt 3,000.00 PAYD',
      'Your compensation: 200.00 PAYD and 0.0100 ETH',
      'Gas used: 412,345',
    ]);
  });
});

describe('the risky list in words', () => {
  it("counts caches with the right noun: '1 cache', '2 caches'", () => {
    expect(cachesText(1)).toBe('1 cache');
    expect(cachesText(0)).toBe('0 caches');
    expect(cachesText(1234)).toBe('1,234 caches');
  });
  it("marks the connected wallet's own cache, in any letter case", () => {
    expect(
      isOwn('0xAbC0000000000000000000000000000000000001', '0xabc0000000000000000000000000000000000001'),
    ).toBe(true);
    expect(
      isOwn('0xAbC0000000000000000000000000000000000001', '0xabc0000000000000000000000000000000000002'),
    ).toBe(false);
    expect(isOwn('0xAbC0000000000000000000000000000000000001', undefined)).toBe(false);
  });
});
