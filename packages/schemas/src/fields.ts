// Zod building blocks every request body is made of: text without NUL (PostgreSQL refuses the
// character in text), integers within PostgreSQL's `integer`, record ids and the cells of a
// screen row. A body built from these is refused with the field named (400) before any of it
// reaches the database.
import { z } from 'zod';

/** Largest value of a PostgreSQL `integer` column (and smallest: -PG_INT_MAX - 1). */
export const PG_INT_MAX = 2_147_483_647;
export const PG_INT_MIN = -2_147_483_648;

export const fieldMessages = {
  nul: 'must not contain a NUL character',
  integer: `must be a whole number from ${PG_INT_MIN} to ${PG_INT_MAX}`,
  id: 'must be an id (text or a whole number)',
  cell: 'must be text, a number, Y/N or empty',
} as const;

export const hasNul = (s: string): boolean => s.includes('\u0000');

/** Text of at most `max` characters, without NUL. */
export function safeText(max: number) {
  return z
    .string()
    .max(max)
    .refine((s) => !hasNul(s), fieldMessages.nul);
}

/** A whole number a PostgreSQL `integer` holds. */
export const pgInt = z
  .number({ error: fieldMessages.integer })
  .int(fieldMessages.integer)
  .min(PG_INT_MIN, fieldMessages.integer)
  .max(PG_INT_MAX, fieldMessages.integer);

/** A PostgreSQL `integer` sent as a number or as a string of digits. */
export const pgIntLike = z
  .union([pgInt, z.string().regex(/^-?\d{1,10}$/, fieldMessages.integer)], { error: fieldMessages.integer })
  .transform(Number)
  .pipe(pgInt);

/** A positive PostgreSQL `integer` id (system, company, project, culture ...), number or digits. */
export const positiveIntId = pgIntLike.pipe(z.number().min(1, fieldMessages.integer));

/** A record's id: text (an integer key as digits, a text key) or a whole number in range. */
export const recordId = z.union([safeText(100), pgInt], { error: fieldMessages.id });

/** One scalar a client puts in criteria or a row: text, a finite number, a boolean or null. */
export const scalar = z.union(
  [z.string().refine((s) => !hasNul(s), fieldMessages.nul), z.number(), z.boolean(), z.null()],
  {
    error: fieldMessages.cell,
  },
);

/** A picture column's value as an object (image columns; the row schema checks it further). */
const pictureObject = z.object({ mimeType: safeText(100), base64: z.string() });

/** A cell of a screen row as sent: a scalar, or a picture object. */
export const rowCell = z.union([scalar, pictureObject], { error: fieldMessages.cell });

/** A screen row as sent (master or detail): column name → cell. */
export const wireRowInput = z.record(safeText(100), rowCell);

/** A document column's list as the server sends it: a record read and saved back carries it, and
 * a save ignores it (documents are written through the document operations). */
export const documentListInput = z.array(z.record(safeText(100), scalar)).max(1000);

/** A screen row as sent, where the named document columns may carry their list as read. */
export function wireRowWithDocuments(documentColumns: readonly string[]) {
  if (documentColumns.length === 0) return wireRowInput;
  const lists = Object.fromEntries(
    documentColumns.map((name) => [name, documentListInput.nullable().optional()]),
  );
  return z.object(lists).catchall(rowCell);
}
