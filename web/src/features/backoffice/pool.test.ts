import { describe, expect, it } from 'vitest';
import { reportPeriodText } from './pool.ts';

describe('a reward report period as staff read it', () => {
  it('is the UTC day the period began when periods are whole days', () => {
    // 20,420 days after 1970-01-01 (20,420 × 86,400 s).
    expect(reportPeriodText('20420', '86400')).toBe('2025-11-28');
  });

  it('adds the time of day when periods are shorter than a day', () => {
    expect(reportPeriodText('490080', '3600')).toBe('2025-11-28 00:00 UTC');
    expect(reportPeriodText('490081', '3600')).toBe('2025-11-28 01:00 UTC');
  });

  it('falls back to the period number when the chain did not give the period length', () => {
    expect(reportPeriodText('20420', undefined)).toBe('period 20420');
    expect(reportPeriodText('20420', '0')).toBe('period 20420');
  });
});
