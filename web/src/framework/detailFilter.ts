// The detail grid's column filter (spec 001 section 5): a case-insensitive match on the visible
// detail columns; choice columns match on their text; 'All' searches every visible column.
import { displayValue, type ColumnMeta } from './columns.ts';
import type { WireRow } from '@payd/schemas';

export const ALL_COLUMNS = 'All';

export function filterDetailRows(
  rows: readonly WireRow[],
  columns: readonly ColumnMeta[],
  column: string,
  value: string,
): WireRow[] {
  const needle = value.trim().toLowerCase();
  if (!needle) return [...rows];
  const searched = columns.filter(
    (c) =>
      c.visible &&
      c.type !== 'document' &&
      c.type !== 'image' &&
      (column === ALL_COLUMNS || c.name === column),
  );
  return rows.filter((r) => searched.some((c) => displayValue(r, c).toLowerCase().includes(needle)));
}
