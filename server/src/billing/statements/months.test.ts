import { describe, expect, it } from 'vitest';
import { endedMonths, lastDay, monthEnd, monthOf, nextMonth } from './months.ts';

describe('statement months', () => {
  it('names a month by its first UTC day and finds its end', () => {
    expect(monthOf(new Date('2026-11-30T23:59:59Z'))).toBe('2026-11-01');
    expect(nextMonth('2026-12-01')).toBe('2027-01-01');
    expect(lastDay('2028-02-01')).toBe('2028-02-29');
    expect(monthEnd('2026-11-01').toISOString()).toBe('2026-12-01T00:00:00.000Z');
  });

  it('lists only the months that have ended', () => {
    expect(endedMonths(new Date('2026-10-15Z'), new Date('2026-12-01T00:00:00Z'))).toEqual([
      '2026-10-01',
      '2026-11-01',
    ]);
    expect(endedMonths(new Date('2026-11-15Z'), new Date('2026-11-30T23:59:59Z'))).toEqual([]);
    expect(endedMonths(new Date('2020-01-01Z'), new Date('2026-11-02Z'), 3)).toEqual([
      '2026-08-01',
      '2026-09-01',
      '2026-10-01',
    ]);
  });
});
