// Saving a record (SaveData: master and detail rows in one transaction, with the row version
// checked and audited columns logged) and deleting one (DelMst).
import { sql } from 'drizzle-orm';
import { ApiErrorCode } from '@payd/schemas';
import { ApiError, forbidden, invalidField } from '../wire/errors.ts';
import { systemColumn, type AccessRule, type Caller } from './definition.ts';
import { detailSchema, masterSchema, type WireValue } from './rowSchema.ts';
import { keyEq, param, q, rows, type Executor } from './sqlText.ts';
import { accessRule, canAdd, canDel, canUpd, notFoundOrDenied, rowFlags, writable } from './access.ts';
import { loadStored } from './storedRow.ts';
import { getById } from './detailQuery.ts';
import { saveDetails } from './saveDetails.ts';
import { CONFLICT_MESSAGE, audit, checkChoices, checkNoForbiddenWrites, validate } from './writeChecks.ts';
import { col, emptyValue, sameValue, type ScreenCtx } from './screenContext.ts';

export interface SaveBody {
  mst: Record<string, unknown>;
  dtl?: Array<Record<string, unknown>> | null;
  options?: unknown;
}

/** A save as checked before the transaction: the parsed master and detail rows. */
interface ParsedSave {
  rule: AccessRule;
  isNew: boolean;
  keyIn: unknown;
  mst: Record<string, WireValue>;
  dtlIn: Array<Record<string, unknown>>;
  dtl: Array<Record<string, WireValue>>;
  sentVersion: unknown;
}

function parseSave(ctx: ScreenCtx, caller: Caller, body: SaveBody): ParsedSave {
  const rule = accessRule(ctx.def, caller);
  const own = rule.rows === 'own';
  const keyIn = body.mst[ctx.mKey.name];
  const isNew = emptyValue(keyIn) || keyIn === '!';
  if (isNew ? !canAdd(rule) : !canUpd(rule)) throw forbidden();
  const mst = validate(masterSchema(ctx.def, caller.role, own), body.mst, 'mst') as Record<string, WireValue>;
  const rvCol = systemColumn(ctx.def.master, 'rowVersion');
  const sentVersion = rvCol ? body.mst[rvCol.name] : undefined;
  if (!isNew && rvCol && emptyValue(sentVersion))
    throw invalidField(`mst.${rvCol.name}`, 'The record version is required to save changes');
  const d = ctx.def.detail;
  const dtlIn = body.dtl ?? [];
  if (dtlIn.length && !d) throw invalidField('dtl', 'This screen has no detail rows');
  const dtl = d
    ? dtlIn.map(
        (r, i) =>
          validate(detailSchema(ctx.def, caller.role, own), r, `dtl.${i}`) as Record<string, WireValue>,
      )
    : [];
  return { rule, isNew, keyIn, mst, dtlIn, dtl, sentVersion };
}

/** The master columns written: what the caller may write and sent, defaults, server stamps. */
function masterValues(
  ctx: ScreenCtx,
  caller: Caller,
  p: ParsedSave,
  sent: Record<string, unknown>,
  now: string,
): Record<string, WireValue> {
  const m = ctx.def.master;
  const values: Record<string, WireValue> = {};
  for (const c of m.columns)
    if (writable(c, caller, p.rule) && c.name in sent) values[c.name] = p.mst[c.name] ?? null;
  if (p.isNew)
    for (const c of m.columns)
      if (!(c.name in values) && c.defaultValue !== undefined && !c.system) values[c.name] = c.defaultValue;
  const sys = (role: Parameters<typeof systemColumn>[1], v: WireValue) => {
    const c = systemColumn(m, role);
    if (c) values[c.name] = v;
  };
  if (p.isNew) {
    sys('inputBy', caller.usrId);
    sys('inputOn', now);
    if (p.rule.rows === 'own') sys('owner', caller.usrId);
  }
  sys('modifiedBy', caller.usrId);
  sys('modifiedOn', now);
  return values;
}

/** Inserts the new master row or updates the stored one (bumping its version); returns its key. */
async function writeMaster(
  ctx: ScreenCtx,
  tx: Executor,
  values: Record<string, WireValue>,
  stored: Record<string, WireValue> | null,
): Promise<string> {
  const m = ctx.def.master;
  const rvCol = systemColumn(m, 'rowVersion');
  const cols = Object.keys(values).map((n) => col(ctx.def, m, n));
  if (!stored) {
    const ins = await rows(
      tx,
      cols.length
        ? sql`INSERT INTO ${sql.raw(q(m.table))} (${sql.raw(cols.map((c) => q(c.db)).join(', '))})
              VALUES (${sql.join(
                cols.map((c) => param(c, values[c.name]!)),
                sql`, `,
              )})
              RETURNING ${sql.raw(`${q(ctx.mKey.db)}::text AS k`)}`
        : sql`INSERT INTO ${sql.raw(q(m.table))} DEFAULT VALUES RETURNING ${sql.raw(`${q(ctx.mKey.db)}::text AS k`)}`,
    );
    return String(ins[0]!.k);
  }
  const key = String(stored[ctx.mKey.name]);
  const sets = cols.map((c) => sql`${sql.raw(q(c.db))} = ${param(c, values[c.name]!)}`);
  if (rvCol) sets.push(sql.raw(`${q(rvCol.db)} = ${q(rvCol.db)} + 1`));
  if (sets.length)
    await tx.execute(
      sql`UPDATE ${sql.raw(q(m.table))} SET ${sql.join(sets, sql`, `)} WHERE ${keyEq(q(ctx.mKey.db), ctx.intKey, key)}`,
    );
  return key;
}

/** SaveData: the master (new or changed) and its detail rows; replies with the reloaded record. */
export async function saveData(ctx: ScreenCtx, caller: Caller, body: SaveBody) {
  const p = parseSave(ctx, caller, body);
  const m = ctx.def.master;
  const rvCol = systemColumn(m, 'rowVersion');
  const at = ctx.clock.now();
  const now = at.toISOString();
  const savedKey = await ctx.db.transaction(async (tx) => {
    let stored: Record<string, WireValue> | null = null;
    if (!p.isNew) {
      stored = await loadStored(ctx, tx, caller, p.rule, String(p.keyIn), true);
      if (!stored) throw notFoundOrDenied(p.rule);
      if (!rowFlags(ctx.def, stored, caller, p.rule).allowUpd) throw forbidden();
      if (rvCol && !sameValue(stored[rvCol.name], p.sentVersion))
        throw new ApiError(409, ApiErrorCode.conflict, CONFLICT_MESSAGE);
    }
    checkNoForbiddenWrites(m, caller, p.rule, body.mst, p.mst, stored);
    const values = masterValues(ctx, caller, p, body.mst, now);
    await ctx.def.beforeSave?.({ caller, isNew: p.isNew, before: stored, values, exec: tx, now: at });
    await checkChoices(ctx, tx, caller, m, values, stored);
    const key = await writeMaster(ctx, tx, values, stored);
    for (const c of m.columns) {
      if (!c.audited || !(c.name in values)) continue;
      const before = stored ? stored[c.name] : null;
      if (!sameValue(before, values[c.name]))
        await audit(ctx, tx, caller, {
          table: m.table,
          rowKey: key,
          column: c.name,
          before: before ?? null,
          after: values[c.name] ?? null,
        });
    }
    if (ctx.def.detail) await saveDetails(ctx, tx, caller, p.rule, key, p.dtlIn, p.dtl);
    return key;
  });
  return { mst: await getById(ctx, caller, savedKey) };
}

/** DelMst: deletes a reachable record the row rule lets the caller delete (version checked). */
export async function delMst(ctx: ScreenCtx, caller: Caller, body: { mst: Record<string, unknown> }) {
  const rule = accessRule(ctx.def, caller);
  if (!canDel(rule)) throw forbidden();
  const keyIn = body.mst[ctx.mKey.name];
  if (emptyValue(keyIn)) throw invalidField(`mst.${ctx.mKey.name}`, 'The record key is required');
  const m = ctx.def.master;
  const rvCol = systemColumn(m, 'rowVersion');
  const sentVersion = rvCol ? body.mst[rvCol.name] : undefined;
  await ctx.db.transaction(async (tx) => {
    const stored = await loadStored(ctx, tx, caller, rule, String(keyIn), true);
    if (!stored) throw notFoundOrDenied(rule);
    if (!rowFlags(ctx.def, stored, caller, rule).allowDel) throw forbidden();
    if (rvCol && !emptyValue(sentVersion) && !sameValue(stored[rvCol.name], sentVersion))
      throw new ApiError(409, ApiErrorCode.conflict, CONFLICT_MESSAGE);
    await audit(ctx, tx, caller, {
      table: m.table,
      rowKey: String(keyIn),
      column: '(record)',
      before: 'exists',
      after: 'deleted',
    });
    await tx.execute(
      sql`DELETE FROM ${sql.raw(q(m.table))} WHERE ${keyEq(q(ctx.mKey.db), ctx.intKey, keyIn)}`,
    );
  });
  return { mst: null };
}
