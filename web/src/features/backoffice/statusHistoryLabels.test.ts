import { describe, expect, it } from 'vitest';
import type { StatusHistoryEntry } from '@payd/schemas';
import type { ColumnMeta } from '../../framework/columns.ts';
import { labelHistory } from './statusHistoryLabels.ts';

const column = (name: string, label: string, type: ColumnMeta['type']): ColumnMeta => ({
  name,
  label,
  type,
  required: false,
  visible: true,
  readOnly: false,
});
const columns = [
  column('InternalStatus15', 'Status', 'dropdown'),
  column('Reason15', 'Reason', 'text'),
  column('LivenessPassed15', 'Liveness Passed', 'yn'),
];
const supporting = {
  GetInternalStatus15List: [
    { key: 'P1', label: 'Waiting for Review' },
    { key: 'AP', label: 'KYC Approved' },
  ],
};
const entry = (id: string, col: string, before: string | null, after: string | null): StatusHistoryEntry => ({
  AuditId: id,
  ColumnName: col,
  Before: before,
  After: after,
  ChangedBy: 7,
  ChangedByName: 'reviewer@payd.test',
  ChangedByRole: 10,
  ChangedOn: '2026-11-24T22:00:00.000Z',
});

describe('status history labels', () => {
  it('names each change by its column label and its values by the texts the screen shows', () => {
    const rows = labelHistory(
      [
        entry('3', 'InternalStatus15', 'P1', 'AP'),
        entry('2', 'Reason15', null, 'Checked by hand'),
        entry('1', 'LivenessPassed15', null, 'Y'),
      ],
      columns,
      supporting,
    );
    expect(rows.map((r) => `${r.field}: ${r.before} → ${r.after}`)).toEqual([
      'Status: Waiting for Review → KYC Approved',
      'Reason:  → Checked by hand',
      'Liveness Passed:  → Yes',
    ]);
    expect(rows[0]).toMatchObject({ id: '3', changedBy: 'reviewer@payd.test' });
  });

  it('keeps what it has no label for as stored, and names a deleted record', () => {
    const rows = labelHistory(
      [
        entry('5', 'InternalStatus15', 'ZZ', 'P1'),
        entry('4', 'Gone15', 'a', 'b'),
        entry('6', '(record)', 'exists', 'deleted'),
      ],
      columns,
      supporting,
    );
    expect(rows.map((r) => [r.field, r.before, r.after])).toEqual([
      ['Status', 'ZZ', 'Waiting for Review'],
      ['Gone15', 'a', 'b'],
      ['Record', 'exists', 'deleted'],
    ]);
  });
});
