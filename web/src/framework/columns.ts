// Column metadata of one screen: GetAuthCol (visibility and read-only for the caller) joined with
// GetScreenLabel (header, type, required), per table.
import type { AuthCol, ColumnType, ScreenLabel } from '@payd/schemas';

export interface ColumnMeta {
  name: string;
  label: string;
  type: ColumnType;
  required: boolean;
  visible: boolean;
  readOnly: boolean;
}

export interface ScreenColumns {
  master: ColumnMeta[];
  detail: ColumnMeta[];
}

/** Visible columns with their labels; a column the server hides never appears. */
export function screenColumns(authCol: readonly AuthCol[], labels: readonly ScreenLabel[]): ScreenColumns {
  const byName = (master: boolean) =>
    new Map(labels.filter((l) => (l.MasterTable === 'Y') === master).map((l) => [l.ColumnName, l]));
  const build = (master: boolean): ColumnMeta[] => {
    const lbl = byName(master);
    return authCol
      .filter((a) => (a.MasterTable === 'Y') === master && a.ColVisible === 'Y')
      .flatMap((a) => {
        const l = lbl.get(a.ColName);
        if (!l) return [];
        return [
          {
            name: a.ColName,
            label: l.ColumnHeader || a.DisplayName,
            type: l.ColumnType,
            required: l.Required === 'Y',
            visible: true,
            readOnly: a.ColReadOnly === 'Y',
          },
        ];
      });
  };
  return { master: build(true), detail: build(false) };
}

/** The text a user sees for a column's value (dropdowns show their `{name}Text`). */
export function displayValue(row: Record<string, unknown>, c: Pick<ColumnMeta, 'name' | 'type'>): string {
  const v = c.type === 'dropdown' ? (row[`${c.name}Text`] ?? row[c.name]) : row[c.name];
  if (v === null || v === undefined) return '';
  if (c.type === 'yn') return v === 'Y' ? 'Yes' : v === 'N' ? 'No' : String(v);
  if (c.type === 'datetime' && typeof v === 'string') return formatTimestamp(v);
  if (c.type === 'decimal' && typeof v === 'string') return trimDecimal(v);
  if (typeof v === 'object') return '';
  return String(v);
}

/**
 * An exact decimal without the trailing zeros of its column's scale beyond two places
 * ('32.000000000000000000' as '32.00', '0.012300000000000000' as '0.0123', '12.50' stays):
 * nothing is rounded. Any other text unchanged.
 */
export function trimDecimal(text: string): string {
  const m = /^(-?\d+)\.(\d+)$/.exec(text);
  if (!m) return text;
  const fraction = m[2]!.replace(/0+$/, '');
  return `${m[1]}.${fraction.length >= 2 ? fraction : fraction.padEnd(Math.min(2, m[2]!.length), '0')}`;
}

const isoTimestamp = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(:\d{2})?(\.\d+)?Z$/;

/** An ISO UTC timestamp as 'yyyy-mm-dd hh:mm UTC'; any other text unchanged. */
export function formatTimestamp(text: string): string {
  const m = isoTimestamp.exec(text);
  return m ? `${m[1]} ${m[2]} UTC` : text;
}
