import { describe, expect, it } from 'vitest';
import type { ColumnMeta } from './columns.ts';
import {
  copyRecord,
  countDocuments,
  deleteBody,
  deleteDetailRow,
  isDirty,
  isSaved,
  saveBody,
  type RecordKeys,
} from './record.ts';

const keys: RecordKeys = { mstKey: 'KycPersonId15', version: 'RowVersion15', dtlKey: 'DocId' };
const stored = {
  mst: {
    KycPersonId15: 7,
    Name15: 'Ann',
    InternalStatus15: 'P1',
    InternalStatus15Text: 'Waiting',
    RowVersion15: 3,
    InputOn15: '2026-01-01T00:00:00.000Z',
  },
  dtl: [{ DocId: 1, DocName: 'a.pdf' }],
};
const col = (name: string, type: ColumnMeta['type'], readOnly = false): ColumnMeta => ({
  name,
  label: name,
  type,
  required: false,
  visible: true,
  readOnly,
});
const columns = {
  master: [
    col('KycPersonId15', 'number', true),
    col('Name15', 'text'),
    col('InternalStatus15', 'dropdown'),
    col('InputOn15', 'datetime', true),
  ],
  detail: [col('DocId', 'number', true), col('DocName', 'text')],
};

describe('copy', () => {
  it('clears the key and the row version so the copy saves as new, and drops the details', () => {
    const copy = copyRecord(stored, keys);
    expect(copy.mst.KycPersonId15).toBe('');
    expect(copy.mst.RowVersion15).toBeNull();
    expect(copy.mst.Name15).toBe('Ann');
    expect(copy.dtl).toEqual([]);
    expect(isSaved(copy.mst, keys)).toBe(false);
    expect(isSaved(stored.mst, keys)).toBe(true);
  });
});

describe('dirty tracking', () => {
  it('an untouched record is clean; a changed field or a removed row makes it dirty', () => {
    expect(isDirty(stored, { ...stored })).toBe(false);
    expect(isDirty(stored, { ...stored, mst: { ...stored.mst, Name15: 'Bob' } })).toBe(true);
    expect(isDirty(stored, { ...stored, dtl: [] })).toBe(true);
    expect(isDirty(stored, { ...stored, dtl: [{ DocId: 1, DocName: 'b.pdf' }] })).toBe(true);
  });

  it("'' and null are the same empty value, and a value typed back is clean again", () => {
    const a = { mst: { ...stored.mst, Reason15: null }, dtl: [] };
    expect(isDirty(a, { mst: { ...a.mst, Reason15: '' }, dtl: [] })).toBe(false);
    expect(isDirty(a, { mst: { ...a.mst, KycPersonId15: '7' }, dtl: [] })).toBe(false);
  });

  it('a copy of a saved record is dirty until saved', () => {
    expect(isDirty(stored, copyRecord(stored, keys))).toBe(true);
  });
});

describe('save body', () => {
  it('sends writable columns, the key and the version; never read-only values; only changed rows', () => {
    const edited = {
      mst: { ...stored.mst, InternalStatus15: 'P2' },
      dtl: [
        { DocId: 1, DocName: 'a.pdf' },
        { DocId: '', DocName: 'new.pdf', _mode: 'new' },
      ],
    };
    const body = saveBody(edited, columns, keys, stored.dtl);
    expect(body.mst).toEqual({ KycPersonId15: 7, Name15: 'Ann', InternalStatus15: 'P2', RowVersion15: 3 });
    expect(body.dtl).toEqual([{ DocId: '', DocName: 'new.pdf', _mode: 'new' }]);
  });

  it('a deleted stored row is sent with its key and mode delete only', () => {
    const edited = { mst: stored.mst, dtl: [{ DocId: 1, DocName: 'a.pdf', _mode: 'delete' }] };
    expect(saveBody(edited, columns, keys, stored.dtl).dtl).toEqual([{ DocId: 1, _mode: 'delete' }]);
  });
});

describe('deleting a detail row', () => {
  const dtl = [
    { DocId: 1, DocName: 'a.pdf' },
    { DocId: '', DocName: 'b.pdf', _mode: 'new' },
  ];

  it('marks a saved row for deletion so the save sends it', () => {
    expect(deleteDetailRow(dtl, 0, keys)).toEqual([{ DocId: 1, DocName: 'a.pdf', _mode: 'delete' }, dtl[1]]);
  });

  it('drops a row that was never saved', () => {
    expect(deleteDetailRow(dtl, 1, keys)).toEqual([dtl[0]]);
  });

  it('drops any row when the details have no key column', () => {
    expect(deleteDetailRow(dtl, 0, { mstKey: 'KycPersonId15' })).toEqual([dtl[1]]);
  });
});

describe('the delete body', () => {
  it('sends the key and the row version only', () => {
    expect(deleteBody(stored.mst, keys)).toEqual({ KycPersonId15: 7, RowVersion15: 3 });
  });
});

describe('document count', () => {
  it('adds the documents of every document column and ignores other columns', () => {
    const cols = [col('Passport', 'document'), col('Proof', 'document'), col('Name15', 'text')];
    const mst = { Passport: [{ DocId: 1 }, { DocId: 2 }], Proof: [{ DocId: 3 }], Name15: ['x'] };
    expect(countDocuments(mst, cols)).toBe(3);
    expect(countDocuments({ Passport: null }, cols)).toBe(0);
    expect(countDocuments(undefined, cols)).toBe(0);
  });
});
