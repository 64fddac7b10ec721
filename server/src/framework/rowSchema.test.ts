import { describe, expect, it } from 'vitest';
import { kycPersonScreen } from '../kyc/kycPerson.ts';
import { supportRequestScreen } from '../backoffice/supportRequest.ts';
import { Role } from './roles.ts';
import { columnSchema, detailSchema, masterSchema } from './rowSchema.ts';
import { decimal, date, datetime, image, num, text, yn } from './columns.ts';

const parse = (c: Parameters<typeof columnSchema>[0], v: unknown) => columnSchema(c).safeParse(v);

describe('columnSchema', () => {
  it('keeps decimals exact as strings and refuses floats', () => {
    const c = decimal('Amt', 'amt', 'Amount', { scale: 2, min: 0 });
    expect(parse(c, '12345678901234567890.25').data).toBe('12345678901234567890.25');
    expect(parse(c, 42).data).toBe('42');
    expect(parse(c, 0.1).success).toBe(false);
    expect(parse(c, '1.234').error?.issues[0]?.message).toBe('Amount has at most 2 decimal places');
    expect(parse(c, '-1').error?.issues[0]?.message).toBe('Amount must be at least 0');
    expect(parse(c, '').data).toBeNull();
  });

  it("applies a column's shared rule first, with its message, and only to a value", () => {
    const c = decimal('Amt', 'amt', 'Amount', {
      scale: 2,
      check: (v) => (v.includes('.') && v.split('.')[1]!.length > 2 ? 'At most cents' : undefined),
    });
    expect(parse(c, '1.234').error?.issues.map((i) => i.message)).toEqual(['At most cents']);
    expect(parse(c, '1.23').data).toBe('1.23');
    expect(parse(c, 7).data).toBe('7');
    expect(parse(c, '').data).toBeNull();
    expect(parse(c, null).data).toBeNull();
  });

  it('reads whole numbers from numbers or digit strings', () => {
    const c = num('N', 'n', 'Count', { max: 10 });
    expect(parse(c, '7').data).toBe(7);
    expect(parse(c, 1.5).success).toBe(false);
    expect(parse(c, 11).error?.issues[0]?.message).toBe('Count must be at most 10');
  });

  it('keeps what the database holds: integers in PostgreSQL range, years 1-9999, text without NUL', () => {
    const n = num('N', 'n', 'Count');
    expect(parse(n, 2 ** 31 - 1).data).toBe(2 ** 31 - 1);
    expect(parse(n, 2 ** 31).error?.issues[0]?.message).toBe(
      'Count must be a whole number from -2147483648 to 2147483647',
    );
    expect(parse(n, '-2147483649').success).toBe(false);
    expect(parse(date('D', 'd', 'Birthday'), '0000-01-01').error?.issues[0]?.message).toBe(
      'Birthday must be a date',
    );
    expect(parse(datetime('T', 't', 'At'), '+275760-09-13T00:00:00Z').success).toBe(false);
    expect(parse(text('S', 's', 'Name'), 'a\u0000b').error?.issues[0]?.message).toBe(
      'Name must not contain a NUL character',
    );
  });

  it('checks real calendar dates and normalises date-times to UTC ISO', () => {
    expect(parse(date('D', 'd', 'Birthday'), '2000-02-29').data).toBe('2000-02-29');
    expect(parse(date('D', 'd', 'Birthday'), '2001-02-29').error?.issues[0]?.message).toBe(
      'Birthday must be a date',
    );
    expect(parse(date('D', 'd', 'Birthday'), '2000-02-29T10:00:00Z').data).toBe('2000-02-29');
    expect(parse(datetime('T', 't', 'At'), '2026-01-02T03:04:05+02:00').data).toBe(
      '2026-01-02T01:04:05.000Z',
    );
  });

  it('takes Y/N flags, text up to its length, pictures as {mimeType, base64}', () => {
    expect(parse(yn('F', 'f', 'Flag'), 'Y').data).toBe('Y');
    expect(parse(yn('F', 'f', 'Flag'), 'yes').success).toBe(false);
    expect(parse(text('T', 't', 'Note', { maxLength: 3 }), 'abcd').error?.issues[0]?.message).toBe(
      'Note must be at most 3 characters',
    );
    expect(parse(image('P', 'p', 'Selfie'), { mimeType: 'image/jpeg', base64: 'AA==' }).data).toBe(
      '{"mimeType":"image/jpeg","base64":"AA=="}',
    );
    expect(parse(image('P', 'p', 'Selfie'), 'not json').success).toBe(false);
  });
});

describe('masterSchema / detailSchema', () => {
  it('requires what the role may write, with the spec message, and drops unknown keys', () => {
    const s = masterSchema(supportRequestScreen, Role.borrower, true);
    const r = s.safeParse({ SupportRequestId51: '', RequestTypeId51: '', RequestInfo51: '', Extra: 1 });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['RequestTypeId51', 'Please select a request type.'],
      ['RequestInfo51', 'Please enter the request information.'],
    ]);
    const ok = s.safeParse({
      RequestTypeId51: 'GEN',
      RequestInfo51: 'Hi',
      RequestTypeId51Text: 'x',
      Extra: 1,
    });
    expect(ok.data).toEqual({ RequestTypeId51: 'GEN', RequestInfo51: 'Hi' });
  });

  it('does not require the owner column of a customer (the server sets it) but does of staff', () => {
    expect(
      masterSchema(supportRequestScreen, Role.borrower, true).safeParse({
        RequestTypeId51: 'GEN',
        RequestInfo51: 'Hi',
      }).success,
    ).toBe(true);
    const staff = masterSchema(supportRequestScreen, Role.admin, false).safeParse({
      RequestTypeId51: 'GEN',
      RequestInfo51: 'Hi',
    });
    expect(staff.error?.issues[0]?.path).toEqual(['UserId51']);
  });

  it('validates detail rows and their _mode', () => {
    const s = detailSchema(kycPersonScreen, Role.kycReviewer);
    expect(s.safeParse({ DocId: 3, DocName: 'a.pdf', _mode: 'delete' }).success).toBe(true);
    expect(s.safeParse({ DocId: 3, DocName: '' }).error?.issues[0]?.message).toBe('File Name is required');
    expect(s.safeParse({ DocId: 3, DocName: 'a', _mode: 'drop' }).success).toBe(false);
  });
});
