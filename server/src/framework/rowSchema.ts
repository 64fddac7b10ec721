// Zod schemas of master and detail rows generated from a screen definition. Pure (zod and the
// definition only), so the web can build the very same schemas from the same definition.
import { z } from 'zod';
import { PG_INT_MAX, PG_INT_MIN, fieldMessages, hasNul } from '@payd/schemas';
import type { ColumnDef, ScreenDef, TableDef } from './definition.ts';
import { inRoleSet } from './roles.ts';

/** A wire value after validation: what is compared with the stored value and written. */
export type WireValue = string | number | null;

const empty = (v: unknown) => v === null || v === undefined || v === '';

/** A calendar day of years 1 to 9999 (what a PostgreSQL date column and the wire both hold). */
function isRealDate(s: string): boolean {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && s >= '0001-01-01';
}

/** A moment of years 1 to 9999. */
function isRealMoment(s: string): boolean {
  const t = Date.parse(s);
  return t >= Date.parse('0001-01-01T00:00:00Z') && t < Date.parse('+010000-01-01T00:00:00Z');
}

/** Schema of one column's wire value, normalised ('' → null for non-text types), after the
 * column's own rule when it has one (a packages/schemas rule the web form applies too). */
export function columnSchema(c: ColumnDef): z.ZodType<WireValue> {
  const typed = typedSchema(c);
  const check = c.check;
  if (!check) return typed;
  return z
    .unknown()
    .superRefine((v, ctx) => {
      if ((typeof v !== 'string' && typeof v !== 'number') || empty(v)) return;
      const message = check(String(v));
      if (message) ctx.addIssue({ code: 'custom', message });
    })
    .pipe(typed);
}

function typedSchema(c: ColumnDef): z.ZodType<WireValue> {
  const nullish = z.union([z.null(), z.undefined(), z.literal('')]).transform(() => null);
  switch (c.type) {
    case 'text': {
      let s = z.string().refine((v) => !hasNul(v), `${c.label} ${fieldMessages.nul}`);
      if (c.maxLength) s = s.max(c.maxLength, `${c.label} must be at most ${c.maxLength} characters`);
      return z
        .union([s, z.null(), z.undefined()])
        .transform((v) => (v === undefined || v === null ? null : v));
    }
    case 'number': {
      const n = z
        .union([z.number(), z.string().regex(/^-?\d+$/, `${c.label} must be a whole number`)])
        .transform((v) => Number(v))
        .refine((v) => Number.isSafeInteger(v), `${c.label} must be a whole number`)
        .refine((v) => c.min === undefined || v >= c.min, `${c.label} must be at least ${c.min}`)
        .refine((v) => c.max === undefined || v <= c.max, `${c.label} must be at most ${c.max}`)
        // Number columns are PostgreSQL integers.
        .refine((v) => v >= PG_INT_MIN && v <= PG_INT_MAX, `${c.label} ${fieldMessages.integer}`);
      return z.union([nullish, n]);
    }
    case 'decimal': {
      // Exact decimals travel as strings (or safe integers); never through a float.
      const d = z
        .union([
          z.string().regex(/^-?\d+(\.\d+)?$/, `${c.label} must be a number`),
          z
            .number()
            .refine((v) => Number.isSafeInteger(v), `${c.label} must be sent as a decimal string`)
            .transform(String),
        ])
        .refine(
          (v) => c.scale === undefined || (v.split('.')[1] ?? '').length <= c.scale,
          `${c.label} has at most ${c.scale} decimal places`,
        )
        .refine((v) => c.min === undefined || Number(v) >= c.min, `${c.label} must be at least ${c.min}`)
        .refine((v) => c.max === undefined || Number(v) <= c.max, `${c.label} must be at most ${c.max}`);
      return z.union([nullish, d]);
    }
    case 'date':
      return z.union([
        nullish,
        z
          .string()
          .transform((v) => v.slice(0, 10))
          .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && isRealDate(v), `${c.label} must be a date`),
      ]);
    case 'datetime':
      return z.union([
        nullish,
        z
          .string()
          .refine((v) => isRealMoment(v), `${c.label} must be a date and time`)
          .transform((v) => new Date(v).toISOString()),
      ]);
    case 'yn':
      return z.union([nullish, z.enum(['Y', 'N'], { message: `${c.label} must be Y or N` })]);
    case 'dropdown':
      return z.union([
        nullish,
        c.integerKey
          ? z
              .union([z.number().int(), z.string().regex(/^-?\d+$/, `${c.label} is not a valid choice`)])
              .transform((v) => Number(v))
              .refine((v) => v >= PG_INT_MIN && v <= PG_INT_MAX, `${c.label} is not a valid choice`)
          : z
              .union([
                z
                  .string()
                  .max(100)
                  .refine((v) => !hasNul(v), `${c.label} ${fieldMessages.nul}`),
                z.number(),
              ])
              .transform(String)
              .refine((v) => v.length > 0, `${c.label} is not a valid choice`),
      ]);
    case 'image':
      // A picture as JSON text {mimeType, base64}, or that object itself.
      return z.union([
        nullish,
        z
          .object({ mimeType: z.string().regex(/^image\/[a-z0-9.+-]+$/), base64: z.string() })
          .transform((v) => JSON.stringify({ mimeType: v.mimeType, base64: v.base64 })),
        z.string().refine((v) => {
          try {
            const p = JSON.parse(v) as { mimeType?: unknown; base64?: unknown };
            return typeof p.mimeType === 'string' && typeof p.base64 === 'string';
          } catch {
            return false;
          }
        }, `${c.label} must be a picture`),
      ]);
    case 'document':
      // Written through the document operations; a save ignores it.
      return z.unknown().transform(() => null);
  }
}

/** Columns a role may write (visible, not read-only, not filled by the server). */
export function writableFor(c: ColumnDef, role: number, ownRows: boolean): boolean {
  if (c.type === 'document') return false;
  if (c.system && !(c.system === 'owner' && !ownRows)) return false;
  return inRoleSet(c.visible ?? 'all', role) && !inRoleSet(c.readOnly ?? 'none', role);
}

function rowSchema(t: TableDef, role: number, ownRows: boolean, withMode: boolean) {
  const shape: Record<string, z.ZodType> = {};
  for (const c of t.columns) {
    let s: z.ZodType = columnSchema(c);
    if (c.required && writableFor(c, role, ownRows)) {
      const message = c.requiredMessage ?? `${c.label} is required`;
      s = z
        .unknown()
        .superRefine((v, ctx) => {
          if (empty(v)) ctx.addIssue({ code: 'custom', message });
        })
        .pipe(s);
    } else {
      s = s.optional();
    }
    shape[c.name] = s;
  }
  if (withMode) shape._mode = z.enum(['delete', 'new', 'upd', '']).optional();
  // Unknown keys (e.g. `{Name}Text` variants sent back) are dropped, never written.
  return z.object(shape);
}

/** Schema of a master row as `role` may send it. */
export function masterSchema(def: ScreenDef, role: number, ownRows = false) {
  return rowSchema(def.master, role, ownRows, false);
}

/** Schema of one detail row (`_mode: 'delete'` removes it). */
export function detailSchema(def: ScreenDef, role: number, ownRows = false) {
  if (!def.detail) throw new Error(`${def.service} has no detail`);
  return rowSchema(def.detail, role, ownRows, true);
}
