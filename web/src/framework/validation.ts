// Client-side checks of a row before SaveData, built from the column definitions the server sends
// (type and required). The server's zod schemas live in server/src/framework/rowSchema.ts and are
// generated from its screen definitions, which the browser must not import; the server validates
// again and its validationErrors are shown the same way.
import { z } from 'zod';
import type { ColumnMeta } from './columns.ts';
import type { EditedRecord } from './record.ts';
import type { WireRow } from '@payd/schemas';

export interface FieldError {
  field: string;
  message: string;
}

const empty = (v: unknown) => v === null || v === undefined || v === '';

function columnCheck(c: ColumnMeta): z.ZodType {
  switch (c.type) {
    case 'number': {
      const message = `${c.label} must be a whole number`;
      return z.union([z.number().int(message), z.string().regex(/^-?\d+$/, message)]);
    }
    case 'decimal': {
      // Decimals stay strings (never a float); only their shape is checked here.
      const message = `${c.label} must be a number`;
      return z.union([z.number(message), z.string().regex(/^-?\d+(\.\d+)?$/, message)]);
    }
    case 'date':
      return z.string().regex(/^\d{4}-\d{2}-\d{2}/, `${c.label} must be a date`);
    case 'yn':
      return z.enum(['Y', 'N'], { message: `${c.label} must be Y or N` });
    default:
      return z.unknown();
  }
}

/** Errors of the writable columns of one row (read-only values are the server's business). */
export function validateRow(row: WireRow, columns: readonly ColumnMeta[], prefix = ''): FieldError[] {
  const errors: FieldError[] = [];
  for (const c of columns) {
    if (c.readOnly || c.type === 'document' || c.type === 'image') continue;
    const v = row[c.name];
    if (empty(v)) {
      if (c.required) errors.push({ field: prefix + c.name, message: `${c.label} is required` });
      continue;
    }
    const r = columnCheck(c).safeParse(v);
    if (!r.success)
      errors.push({
        field: prefix + c.name,
        message: r.error.issues[0]?.message ?? `${c.label} is not valid`,
      });
  }
  return errors;
}

/** Server validation errors (`mst.Name15`, `dtl.0.DocName`) keyed for the form fields. */
export function serverFieldErrors(
  errors: readonly { field: string; message: string }[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of errors) {
    const f = e.field.replace(/^mst\./, '');
    out[f] ??= e.message;
  }
  return out;
}

/** Errors of the master and of every detail row not marked for deletion (`dtl.0.DocName`). */
export function validateRecord(
  rec: EditedRecord,
  columns: { master: readonly ColumnMeta[]; detail: readonly ColumnMeta[] },
): FieldError[] {
  return [
    ...validateRow(rec.mst, columns.master),
    ...rec.dtl.flatMap((r, i) => (r._mode === 'delete' ? [] : validateRow(r, columns.detail, `dtl.${i}.`))),
  ];
}
