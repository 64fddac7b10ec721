// The open master record and its details as the screen edits them: copy, dirty tracking and the
// SaveData payload (only columns the caller may write, plus the key and the row version).
import type { ColumnMeta } from './columns.ts';
import type { WireRow } from '@payd/schemas';

/** Names of the columns the server fills or checks itself (from the screen's client config). */
export interface RecordKeys {
  /** Key column of the master, e.g. 'KycPersonId15'. */
  mstKey: string;
  /** Row version column, sent back so a stale save is refused. */
  version?: string;
  /** Key column of the detail rows. */
  dtlKey?: string;
}

export interface EditedRecord {
  mst: WireRow;
  dtl: WireRow[];
}

const isEmpty = (v: unknown) => v === null || v === undefined || v === '';

/** A saved record has a key ('!' and empty mean new). */
export function isSaved(mst: WireRow | null | undefined, keys: RecordKeys): boolean {
  const k = mst?.[keys.mstKey];
  return !isEmpty(k) && k !== '!';
}

/** Copy: the key (and row version) cleared so the copy saves as a new record; details dropped. */
export function copyRecord(rec: EditedRecord, keys: RecordKeys): EditedRecord {
  const mst: WireRow = { ...rec.mst, [keys.mstKey]: '' };
  if (keys.version) mst[keys.version] = null;
  return { mst, dtl: [] };
}

/** Copy of one detail row: a new row (no key) with the same values. */
export function copyDetailRow(row: WireRow, keys: RecordKeys): WireRow {
  const copy: WireRow = { ...row, _mode: 'new' };
  if (keys.dtlKey) copy[keys.dtlKey] = '';
  return copy;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (isEmpty(a) && isEmpty(b)) return true;
  if (typeof a === 'object' || typeof b === 'object') return JSON.stringify(a) === JSON.stringify(b);
  return String(a) === String(b);
}

function sameRow(a: WireRow, b: WireRow): boolean {
  const names = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const n of names) if (!sameValue(a[n], b[n])) return false;
  return true;
}

/** The record differs from what was loaded (empty values count as equal; '' vs null is no change). */
export function isDirty(loaded: EditedRecord | null, current: EditedRecord | null): boolean {
  if (!loaded || !current) return false;
  if (!sameRow(loaded.mst, current.mst)) return true;
  if (loaded.dtl.length !== current.dtl.length) return true;
  return loaded.dtl.some((r, i) => !sameRow(r, current.dtl[i]!));
}

function writable(row: WireRow, columns: readonly ColumnMeta[], always: (string | undefined)[]): WireRow {
  const out: WireRow = {};
  for (const c of columns) {
    if (c.readOnly || c.type === 'document') continue;
    if (c.name in row) out[c.name] = row[c.name] === '' && c.type !== 'text' ? null : row[c.name];
  }
  for (const n of always) if (n && n in row) out[n] = row[n];
  return out;
}

/** SaveData body: writable columns only (a read-only value is never sent), details with their mode. */
export function saveBody(
  rec: EditedRecord,
  columns: { master: readonly ColumnMeta[]; detail: readonly ColumnMeta[] },
  keys: RecordKeys,
  loadedDtl: readonly WireRow[],
): { mst: WireRow; dtl: WireRow[]; options: Record<string, string> } {
  const mst = writable(rec.mst, columns.master, [keys.mstKey, keys.version]);
  const dtl: WireRow[] = [];
  const dk = keys.dtlKey;
  for (const r of rec.dtl) {
    const loaded = dk ? loadedDtl.find((l) => !isEmpty(l[dk]) && String(l[dk]) === String(r[dk])) : undefined;
    if (r._mode === 'delete') {
      if (dk && !isEmpty(r[dk])) dtl.push({ [dk]: r[dk], _mode: 'delete' });
      continue;
    }
    if (loaded && sameRow(loaded, r)) continue;
    dtl.push({ ...writable(r, columns.detail, [dk]), _mode: loaded ? 'upd' : 'new' });
  }
  return { mst, dtl, options: {} };
}

/** Delete of the detail row at `index`: a row never saved is dropped, a saved one is marked for
 * deletion so the save sends it. */
export function deleteDetailRow(dtl: readonly WireRow[], index: number, keys: RecordKeys): WireRow[] {
  const row = dtl[index];
  if (!row) return [...dtl];
  const isNewRow = !keys.dtlKey || row[keys.dtlKey] === '' || row[keys.dtlKey] == null;
  return isNewRow
    ? dtl.filter((_, i) => i !== index)
    : dtl.map((r, i) => (i === index ? { ...r, _mode: 'delete' } : r));
}

/** DelMst body: the key, and the row version so a stale delete is refused. */
export function deleteBody(mst: WireRow, keys: RecordKeys): WireRow {
  const body: WireRow = { [keys.mstKey]: mst[keys.mstKey] };
  if (keys.version) body[keys.version] = mst[keys.version];
  return body;
}

/** How many documents the record's document columns hold (the zip download shows when any). */
export function countDocuments(mst: WireRow | undefined, columns: readonly ColumnMeta[]): number {
  return columns
    .filter((c) => c.type === 'document')
    .reduce((n, c) => n + (Array.isArray(mst?.[c.name]) ? (mst[c.name] as unknown[]).length : 0), 0);
}
