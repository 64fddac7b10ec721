import { expect, it } from 'vitest';
import { formatUnitsShort, shortenAddress } from './formatAmount.ts';

it('formats wei with separators and at most 4 decimals, without rounding up', () => {
  expect(formatUnitsShort(100n * 10n ** 18n)).toBe('100');
  expect(formatUnitsShort(1234567n * 10n ** 18n + 99999n * 10n ** 13n)).toBe('1,234,567.9999');
  expect(formatUnitsShort(5n * 10n ** 14n)).toBe('0.0005');
  expect(formatUnitsShort(1n)).toBe('0');
  expect(formatUnitsShort(-15n * 10n ** 17n)).toBe('-1.5');
});

it('shortens an address to its head and tail', () => {
  expect(shortenAddress('0x1234567890abcdef1234567890abcdef12345678')).toBe('0x1234…5678');
});
