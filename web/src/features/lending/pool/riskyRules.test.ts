import { Cache, CacheWithPendingRedistribution, Decimal } from '@payd/protocol';
import { describe, expect, it } from 'vitest';
import { isLiquidatable, liquidationSummary, pageCount, riskyRows } from './riskyRules.ts';

const d = (v: string) => Decimal.from(v);
const cache = (owner: string, coll: string, debt: string) =>
  new CacheWithPendingRedistribution(owner, 'open', d(coll), d(debt), d(coll), new Cache());

describe('riskyRows', () => {
  it('orders by ratio at today’s price and marks those under 115%', () => {
    const rows = riskyRows(
      [cache('0xb', '2', '3000'), cache('0xa', '2', '2700')],
      new Cache(),
      d('1700'),
      false,
      d('2'),
    );
    expect(rows.map((r) => r.owner)).toEqual(['0xb', '0xa']);
    expect(rows.map((r) => r.ratio.toPercent())).toEqual(['113.3%', '125.9%']);
    expect(rows.map((r) => r.liquidatable)).toEqual([true, false]);
  });
  it('applies pending redistribution before the ratio', () => {
    const [row] = riskyRows(
      [cache('0xa', '2', '2700')],
      new Cache(d('0'), d('300')),
      d('1700'),
      false,
      d('2'),
    );
    expect(row!.debt.toString()).toBe('3300');
    expect(row!.liquidatable).toBe(true);
  });
});

describe('isLiquidatable', () => {
  it('in recovery mode also takes caches under the total ratio', () => {
    expect(isLiquidatable(d('1.3'), false, d('1.4'))).toBe(false);
    expect(isLiquidatable(d('1.3'), true, d('1.4'))).toBe(true);
    expect(isLiquidatable(d('1.5'), true, d('1.4'))).toBe(false);
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
