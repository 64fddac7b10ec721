import { describe, expect, it } from 'vitest';
import type { ColumnMeta } from './columns.ts';
import { ALL_COLUMNS, filterDetailRows } from './detailFilter.ts';

const col = (name: string, type: ColumnMeta['type'], visible = true): ColumnMeta => ({
  name,
  label: name,
  type,
  required: false,
  visible,
  readOnly: false,
});
const columns = [col('DocName', 'text'), col('DocTypeCd', 'dropdown'), col('DocSize', 'number')];
const rows = [
  { DocId: 1, DocName: 'passport.pdf', DocTypeCd: 'PP', DocTypeCdText: 'Passport', DocSize: 1200 },
  { DocId: 2, DocName: 'bill.png', DocTypeCd: 'UB', DocTypeCdText: 'Utility Bill', DocSize: 77 },
  { DocId: 3, DocName: 'other.txt', DocTypeCd: null, DocTypeCdText: null, DocSize: 5 },
];

describe('detail filter', () => {
  it("'All' matches a value in any visible column, case-insensitively", () => {
    expect(filterDetailRows(rows, columns, ALL_COLUMNS, 'PASS').map((r) => r.DocId)).toEqual([1]);
    expect(filterDetailRows(rows, columns, ALL_COLUMNS, '77').map((r) => r.DocId)).toEqual([2]);
  });

  it('a choice column matches on its text, not its stored code', () => {
    expect(filterDetailRows(rows, columns, 'DocTypeCd', 'utility').map((r) => r.DocId)).toEqual([2]);
    expect(filterDetailRows(rows, columns, 'DocTypeCd', 'UB')).toEqual([]);
  });

  it('one column only searches that column', () => {
    expect(filterDetailRows(rows, columns, 'DocName', 'passport').map((r) => r.DocId)).toEqual([1]);
    expect(filterDetailRows(rows, columns, 'DocSize', 'passport')).toEqual([]);
  });

  it('an empty filter keeps every row; hidden columns are never searched', () => {
    expect(filterDetailRows(rows, columns, ALL_COLUMNS, '  ')).toHaveLength(3);
    const hidden = [col('DocName', 'text', false)];
    expect(filterDetailRows(rows, hidden, ALL_COLUMNS, 'passport')).toEqual([]);
  });
});
