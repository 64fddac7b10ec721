import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, formatNumber, formatTokenAmount } from './format.ts';

describe('Intl formatting', () => {
  it('groups digits and writes the decimal sign of the language', () => {
    expect(formatNumber('en', 1234.5)).toBe('1,234.5');
    expect(formatNumber('de', 1234.5)).toBe('1.234,5');
  });

  it('formats money from an exact decimal string without float rounding', () => {
    expect(formatMoney('en', '1234.50', 'USD')).toBe('$1,234.50');
    expect(formatMoney('de', '1234.50', 'EUR')).toBe('1.234,50\u00a0€');
    expect(formatTokenAmount('en', '12345678901234567.25', 'ETH', 2)).toBe(
      '12,345,678,901,234,567.25\u00a0ETH',
    );
  });

  it('writes a date as the language does', () => {
    const d = new Date(Date.UTC(2026, 10, 28));
    expect(formatDate('en', d)).toBe('Nov 28, 2026');
    expect(formatDate('de', d)).toBe('28.11.2026');
    expect(formatDate('zh-CN', d)).toBe('2026年11月28日');
  });
});
