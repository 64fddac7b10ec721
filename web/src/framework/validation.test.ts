import { describe, expect, it } from 'vitest';
import type { ColumnMeta } from './columns.ts';
import { serverFieldErrors, validateRecord, validateRow } from './validation.ts';

const col = (name: string, type: ColumnMeta['type'], extra: Partial<ColumnMeta> = {}): ColumnMeta => ({
  name,
  label: name.replace(/15$/, ''),
  type,
  required: false,
  visible: true,
  readOnly: false,
  ...extra,
});

describe('row validation from column definitions', () => {
  const columns = [
    col('Name15', 'text', { required: true }),
    col('AnnualIncome15', 'decimal'),
    col('DateOfBirth15', 'date'),
    col('Pep15', 'yn'),
    col('KycCustomerId15', 'text', { required: true, readOnly: true }),
  ];

  it('names a missing required field and values of the wrong type', () => {
    expect(
      validateRow({ Name15: '', AnnualIncome15: '12.x', DateOfBirth15: 'soon', Pep15: 'maybe' }, columns),
    ).toEqual([
      { field: 'Name15', message: 'Name is required' },
      { field: 'AnnualIncome15', message: 'AnnualIncome must be a number' },
      { field: 'DateOfBirth15', message: 'DateOfBirth must be a date' },
      { field: 'Pep15', message: 'Pep must be Y or N' },
    ]);
  });

  it('accepts good values and leaves read-only columns to the server', () => {
    expect(
      validateRow(
        { Name15: 'Ann', AnnualIncome15: '1000.50', DateOfBirth15: '1990-01-31', Pep15: 'N' },
        columns,
      ),
    ).toEqual([]);
  });

  it("maps the server's mst. field names onto form fields", () => {
    expect(serverFieldErrors([{ field: 'mst.Name15', message: 'Please enter name' }])).toEqual({
      Name15: 'Please enter name',
    });
  });
});

describe('record validation', () => {
  const columns = {
    master: [col('Name15', 'text', { required: true })],
    detail: [col('DocName', 'text', { required: true })],
  };

  it('reports the master and each detail row by its index, skipping rows marked for deletion', () => {
    const errors = validateRecord(
      { mst: { Name15: '' }, dtl: [{ DocName: 'a.pdf' }, { DocName: '', _mode: 'delete' }, { DocName: '' }] },
      columns,
    );
    expect(errors.map((e) => e.field)).toEqual(['Name15', 'dtl.2.DocName']);
  });

  it('finds nothing in a complete record', () => {
    expect(validateRecord({ mst: { Name15: 'Ann' }, dtl: [{ DocName: 'a.pdf' }] }, columns)).toEqual([]);
  });
});
