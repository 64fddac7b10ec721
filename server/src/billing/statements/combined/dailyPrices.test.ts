import { describe, expect, it } from 'vitest';
import { dailyPrices } from './dailyPrices.ts';

const at = (iso: string) => Date.parse(iso) / 1000;

describe('the price of each day of a statement month', () => {
  it("takes each day's last price, keeps it on days without one, and has none before the first", () => {
    const days = dailyPrices(
      [
        { timestamp: at('2026-02-02T23:59:59Z'), price: 3n },
        { timestamp: at('2026-02-02T08:00:00Z'), price: 2n },
        { timestamp: at('2026-02-04T00:00:00Z'), price: 4n },
        { timestamp: at('2026-03-01T00:00:00Z'), price: 9n },
      ],
      '2026-02-01',
    );
    expect(days).toHaveLength(28);
    expect(days.slice(0, 5).map((d) => [d.day, d.price])).toEqual([
      ['2026-02-01', null],
      ['2026-02-02', 3n],
      ['2026-02-03', 3n],
      ['2026-02-04', 4n],
      ['2026-02-05', 4n],
    ]);
    expect(days.at(-1)).toEqual({ day: '2026-02-28', price: 4n });
  });

  it('starts a month with the last price of the month before', () => {
    expect(dailyPrices([{ timestamp: at('2025-12-31T12:00:00Z'), price: 7n }], '2026-01-01')[0]).toEqual({
      day: '2026-01-01',
      price: 7n,
    });
  });
});
