// The status history (GetStatusHistory) as a reviewer reads it: each change named by its column's
// label and its values by the texts the screen shows ('Status: Waiting for Review → KYC Approved',
// not 'InternalStatus15 → P1'). The labels come from the screen's own metadata (ScreenLabel and the
// dropdown lists of LoadInitPage), so every screen with a history gets them from this one place.
import type { StatusHistoryEntry, SupportingData } from '@payd/schemas';
import { displayValue, type ColumnMeta } from '../../framework/columns.ts';

export interface LabelledChange {
  id: string;
  changedOn: string;
  changedBy: string;
  field: string;
  /** The change is the record's delete (field 'Record'). */
  isRecord: boolean;
  before: string;
  after: string;
}

/** A record's delete is logged under this column name. */
const RECORD_COLUMN = '(record)';

/** One stored value as the screen shows it: a dropdown's choice text, Yes/No, or the value. */
function valueText(value: string | null, column: ColumnMeta | undefined, supporting: SupportingData): string {
  if (value === null) return '';
  if (!column) return value;
  if (column.type === 'dropdown') {
    const choice = supporting[`Get${column.name}List`]?.find((c) => c.key === value);
    return choice ? choice.label : value;
  }
  return displayValue({ [column.name]: value }, column);
}

export function labelHistory(
  entries: readonly StatusHistoryEntry[],
  columns: readonly ColumnMeta[],
  supporting: SupportingData,
): LabelledChange[] {
  const byName = new Map(columns.map((c) => [c.name, c]));
  return entries.map((e) => {
    const column = byName.get(e.ColumnName);
    return {
      id: e.AuditId,
      changedOn: e.ChangedOn,
      changedBy: e.ChangedByName,
      field: e.ColumnName === RECORD_COLUMN ? 'Record' : (column?.label ?? e.ColumnName),
      isRecord: e.ColumnName === RECORD_COLUMN,
      before: valueText(e.Before, column, supporting),
      after: valueText(e.After, column, supporting),
    };
  });
}
