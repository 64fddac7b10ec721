import { describe, expect, it } from 'vitest';
import { fixedPlaces, paymentHistoryFileName, paymentHistorySheet } from './paymentExport.ts';

describe('Payment History export', () => {
  it('has the spec sheet, columns, 4 decimals and type names', () => {
    const s = paymentHistorySheet([
      { PmtTypeCd4: 'E', PaidOn4: '2026-11-25T10:00:00Z', PmtAmt4: '0.00512345' },
      { PmtTypeCd4: 'T', PaidOn4: '2026-11-25T10:00:00Z', PmtAmt4: '16' },
      { PmtTypeCd4: 'C', PaidOn4: '2026-11-25T10:00:00Z', PmtAmt4: '50' },
    ]);
    expect(s.sheetName).toBe('Payment History');
    expect(s.header).toEqual(['Payment Type', 'Date', 'Amount', 'Currency']);
    expect(s.rows.map((r) => [r[0], r[2], r[3]])).toEqual([
      ['ETH Payment', '0.0051', 'ETH'],
      ['FTX Payment', '16.0000', 'FTX'],
      ['Credit Card', '50.0000', 'USD'],
    ]);
  });
  it('cuts amounts without floats and stamps the file name', () => {
    expect(fixedPlaces('123456789012345678.123456789', 4)).toBe('123456789012345678.1234');
    expect(paymentHistoryFileName(new Date(2026, 10, 5))).toBe('Payment History 20261105.xlsx');
  });
});
