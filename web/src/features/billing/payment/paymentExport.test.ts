import { describe, expect, it } from 'vitest';
import { fixedPlaces, paymentHistoryFileName, paymentHistorySheet } from './paymentExport.ts';

describe('Payment History export', () => {
  it('has the spec sheet, columns, 4 decimals and type names', () => {
    const s = paymentHistorySheet([
      { PmtTypeCd4: 'E', PaidOn4: '2026-11-25T10:00:00Z', PmtAmt4: '0.00512345', CreditAmt4: '10.00' },
      { PmtTypeCd4: 'T', PaidOn4: '2026-11-25T10:00:00Z', PmtAmt4: '16', CreditAmt4: '10' },
      { PmtTypeCd4: 'C', PaidOn4: '2026-11-25T23:30:00Z', PmtAmt4: '50', CreditAmt4: '50.5' },
    ]);
    expect(s.sheetName).toBe('Payment History');
    expect(s.header).toEqual(['Payment Type', 'Date', 'Amount', 'Currency', 'Credits']);
    expect(s.rows).toEqual([
      ['ETH Payment', '2026-11-25 10:00 UTC', '0.0051', 'ETH', '10.00'],
      ['FTX Payment', '2026-11-25 10:00 UTC', '16.0000', 'FTX', '10.00'],
      ['Credit Card', '2026-11-25 23:30 UTC', '50.0000', 'USD', '50.50'],
    ]);
    // Amount and Credits are numbers in the sheet (4 and 2 places), not text.
    expect(s.numberColumns).toEqual({ 2: 4, 4: 2 });
  });
  it('cuts amounts without floats and stamps the file name', () => {
    expect(fixedPlaces('123456789012345678.123456789', 4)).toBe('123456789012345678.1234');
    expect(paymentHistoryFileName(new Date(2026, 10, 5))).toBe('Payment History 20261105.xlsx');
  });

  it("takes the page language's sheet name, header and type names when given", () => {
    const s = paymentHistorySheet(
      [{ PmtTypeCd4: 'T', PaidOn4: '2026-11-25T10:00:00Z', PmtAmt4: '16', CreditAmt4: '10' }],
      {
        sheetName: 'Zahlungsverlauf',
        header: ['Zahlungsart', 'Datum', 'Betrag', 'Währung', 'Credits'],
        typeName: (cd) => (cd === 'T' ? 'FTX-Zahlung' : '?'),
      },
    );
    expect(s.sheetName).toBe('Zahlungsverlauf');
    expect(s.header[0]).toBe('Zahlungsart');
    expect(s.rows[0]![0]).toBe('FTX-Zahlung');
    expect(paymentHistoryFileName(new Date(2026, 10, 5), s.sheetName)).toBe('Zahlungsverlauf 20261105.xlsx');
  });
});
