// Dropdown choices: the columns with one, their choices for a caller (own rows only where the
// source is owned, no staff accounts for customers) and the record one value points at.
import { sql } from 'drizzle-orm';
import type { Choice } from '@payd/schemas';
import { forbidden, invalidField } from '../wire/errors.ts';
import { pageSizes, type Caller, type ColumnDef, type DropdownSource } from './definition.ts';
import { customerAccount, isUserSource, keyEq, q, rows, type Executor } from './sqlText.ts';
import { accessRule, hidesStaff, visible } from './access.ts';
import { getById } from './detailQuery.ts';
import type { ScreenCtx } from './screenContext.ts';

export interface LookupArgs {
  query?: string;
  topN?: number;
  filterBy?: unknown;
  exactKey?: string;
  integerKey?: boolean;
}

export function dropdownColumns(ctx: ScreenCtx): ColumnDef[] {
  return [...ctx.def.master.columns, ...(ctx.def.detail?.columns ?? [])].filter((c) => c.dropdown);
}

/** The choices of a source the caller is offered, by text (query) or by key (exactKey). */
export async function lookup(
  ctx: ScreenCtx,
  caller: Caller,
  src: DropdownSource,
  args: LookupArgs,
  exec: Executor = ctx.db,
): Promise<Choice[]> {
  const topN = Math.min(Math.max(1, Math.trunc(args.topN ?? pageSizes(ctx.def).dropdownTopN)), 32767);
  const query = (args.query ?? '').trim();
  const like = `%${query.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  if (src.kind === 'ref') {
    const found = await rows(
      exec,
      sql`SELECT code AS key, label FROM ref_codes WHERE cat = ${src.cat}
          ${args.exactKey !== undefined ? sql`AND code = ${args.exactKey}` : sql``}
          ${query ? sql`AND (label ILIKE ${like} OR code ILIKE ${like})` : sql``}
          ORDER BY sort, label LIMIT ${topN}`,
    );
    return found.map((r) => ({ key: String(r.key), label: String(r.label) }));
  }
  const own =
    src.ownerColumn && accessRule(ctx.def, caller).rows === 'own'
      ? sql`AND ${sql.raw(`d.${q(src.ownerColumn)}`)} = ${caller.usrId}`
      : sql``;
  const notStaff = hidesStaff(caller) && isUserSource(src) ? sql.raw(`AND ${customerAccount('d')}`) : sql``;
  const found = await rows(
    exec,
    sql`SELECT ${sql.raw(`d.${q(src.key)}::text AS key, d.${q(src.label)}::text AS label`)} FROM ${sql.raw(q(src.table))} d
        WHERE TRUE ${own} ${notStaff}
        ${args.exactKey !== undefined ? sql`AND ${keyEq(`d.${q(src.key)}`, Boolean(args.integerKey), args.exactKey)}` : sql``}
        ${query ? sql`AND ${sql.raw(`d.${q(src.label)}::text`)} ILIKE ${like}` : sql``}
        ORDER BY 2 LIMIT ${topN}`,
  );
  return found.map((r) => ({ key: String(r.key), label: String(r.label ?? '') }));
}

/** Get{Col}List: the choices of a dropdown column the caller sees. */
export async function dropdown(
  ctx: ScreenCtx,
  caller: Caller,
  columnName: string,
  args: { query?: string; topN?: number; filterBy?: unknown },
): Promise<Choice[]> {
  accessRule(ctx.def, caller);
  const c = dropdownColumns(ctx).find((x) => x.name === columnName);
  if (!c || !visible(c, caller)) throw forbidden();
  return lookup(ctx, caller, c.dropdown!, args);
}

/** GetScreenCriteriaDdlList: the choices of a criterion with a dropdown. */
export async function criteriaDdlList(
  ctx: ScreenCtx,
  caller: Caller,
  args: { screenCriId: number | string; query?: string; topN?: number; filterBy?: unknown },
): Promise<Choice[]> {
  accessRule(ctx.def, caller);
  const cri = (ctx.def.criteria ?? []).find((c) => String(c.id) === String(args.screenCriId));
  if (!cri) throw invalidField('screenCriId', 'Unknown screen criterion');
  if (!cri.dropdown) return [];
  return lookup(ctx, caller, cri.dropdown, args);
}

/** The reference record a dropdown value points at (its key and text). */
export async function refColumnContent(
  ctx: ScreenCtx,
  caller: Caller,
  args: { mstId?: string | number; refKeyId: string | number; refScreenColumnName: string },
): Promise<Choice | null> {
  accessRule(ctx.def, caller);
  if (args.mstId !== undefined && args.mstId !== '' && args.mstId !== '!')
    await getById(ctx, caller, args.mstId);
  const c = dropdownColumns(ctx).find((x) => x.name === args.refScreenColumnName);
  if (!c || !visible(c, caller)) throw forbidden();
  const found = await lookup(ctx, caller, c.dropdown!, {
    exactKey: String(args.refKeyId),
    topN: 1,
    integerKey: c.integerKey,
  });
  return found[0] ?? null;
}
