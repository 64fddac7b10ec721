import { describe, expect, it } from 'vitest';
import { displayValue, formatTimestamp, screenColumns } from './columns.ts';
import type { AuthCol, ScreenLabel } from '@payd/schemas';

describe('screen columns', () => {
  const auth: AuthCol[] = [
    { ColName: 'Name15', DisplayName: 'Name', ColVisible: 'Y', ColReadOnly: 'N', MasterTable: 'Y' },
    { ColName: 'KycDesc15', DisplayName: 'Notes', ColVisible: 'N', ColReadOnly: 'Y', MasterTable: 'Y' },
    {
      ColName: 'InternalStatus15',
      DisplayName: 'Status',
      ColVisible: 'Y',
      ColReadOnly: 'Y',
      MasterTable: 'Y',
    },
    { ColName: 'DocName', DisplayName: 'File', ColVisible: 'Y', ColReadOnly: 'N', MasterTable: 'N' },
  ];
  const labels: ScreenLabel[] = [
    { ColumnName: 'Name15', ColumnHeader: 'Full name', ColumnType: 'text', Required: 'Y', MasterTable: 'Y' },
    {
      ColumnName: 'InternalStatus15',
      ColumnHeader: 'Status',
      ColumnType: 'dropdown',
      Required: 'N',
      MasterTable: 'Y',
    },
    { ColumnName: 'DocName', ColumnHeader: 'File Name', ColumnType: 'text', Required: 'Y', MasterTable: 'N' },
  ];

  it('keeps visible columns with their culture label, type, required and read-only per table', () => {
    const cols = screenColumns(auth, labels);
    expect(cols.master.map((c) => [c.name, c.label, c.required, c.readOnly])).toEqual([
      ['Name15', 'Full name', true, false],
      ['InternalStatus15', 'Status', false, true],
    ]);
    expect(cols.detail.map((c) => c.name)).toEqual(['DocName']);
  });

  it('shows a choice by its text and yes/no in words', () => {
    expect(
      displayValue({ S: 'P2', SText: 'Problem With Data Collection' }, { name: 'S', type: 'dropdown' }),
    ).toBe('Problem With Data Collection');
    expect(displayValue({ P: 'Y' }, { name: 'P', type: 'yn' })).toBe('Yes');
    expect(displayValue({ T: '2026-11-22T05:36:16.246Z' }, { name: 'T', type: 'datetime' })).toBe(
      '2026-11-22 05:36 UTC',
    );
    expect(formatTimestamp('Waiting for Review')).toBe('Waiting for Review');
  });
});

describe('decimal values shown', () => {
  const amount = { name: 'Amt', type: 'decimal' as const };
  it('drop the trailing zeros of the column scale beyond two places and round nothing', () => {
    expect(displayValue({ Amt: '32.000000000000000000' }, amount)).toBe('32.00');
    expect(displayValue({ Amt: '12.50' }, amount)).toBe('12.50');
    expect(displayValue({ Amt: '7.5' }, amount)).toBe('7.5');
    expect(displayValue({ Amt: '0.012300000000000000' }, amount)).toBe('0.0123');
    expect(displayValue({ Amt: '-1.000000000000000001' }, amount)).toBe('-1.000000000000000001');
    expect(displayValue({ Amt: '100' }, amount)).toBe('100');
    expect(displayValue({ Amt: '' }, amount)).toBe('');
  });
});
