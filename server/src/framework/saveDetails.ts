// Saving the detail rows sent with a master (inside SaveData's transaction): each row is new,
// changed or deleted, and must belong to that master.
import { sql } from 'drizzle-orm';
import { forbidden } from '../wire/errors.ts';
import type { AccessRule, Caller, ScreenDef } from './definition.ts';
import type { WireValue } from './rowSchema.ts';
import { keyEq, param, q, rows, type Executor } from './sqlText.ts';
import { notFoundOrDenied, writable } from './access.ts';
import { selectList, toWire } from './storedRow.ts';
import { checkChoices, checkNoForbiddenWrites } from './writeChecks.ts';
import { col, emptyValue, type ScreenCtx } from './screenContext.ts';

async function insertDetail(
  ctx: ScreenCtx,
  tx: Executor,
  caller: Caller,
  mstKey: string,
  values: Record<string, WireValue>,
): Promise<void> {
  const d = ctx.def.detail!;
  const cols = Object.keys(values).map((n) => col(ctx.def, d, n));
  const names = [q(d.fk), ...cols.map((c) => q(c.db))];
  const vals = [sql`${mstKey}::integer`, ...cols.map((c) => param(c, values[c.name]!))];
  for (const c of d.columns) {
    if (c.system === 'inputBy') {
      names.push(q(c.db));
      vals.push(sql`${caller.usrId}`);
    }
    if (c.system === 'inputOn') {
      names.push(q(c.db));
      vals.push(sql`${ctx.clock.now().toISOString()}::timestamptz`);
    }
  }
  await tx.execute(
    sql`INSERT INTO ${sql.raw(q(d.table))} (${sql.raw(names.join(', '))}) VALUES (${sql.join(vals, sql`, `)})`,
  );
}

/** The stored detail row `id` of master `mstKey`, locked (403 when it is another master's). */
async function lockDetail(
  ctx: ScreenCtx,
  tx: Executor,
  d: NonNullable<ScreenDef['detail']>,
  mstKey: string,
  id: unknown,
): Promise<Record<string, WireValue>> {
  const dInt = ctx.dKey!.type === 'number';
  const found = await rows(
    tx,
    sql`SELECT ${sql.raw(selectList(d, null, 'dt'))} FROM ${sql.raw(q(d.table))} dt
        WHERE ${keyEq(`dt.${q(ctx.dKey!.db)}`, dInt, id)} AND ${keyEq(`dt.${q(d.fk)}`, ctx.intKey, mstKey)} FOR UPDATE`,
  );
  if (!found[0]) throw notFoundOrDenied();
  return toWire(d, found[0]);
}

export async function saveDetails(
  ctx: ScreenCtx,
  tx: Executor,
  caller: Caller,
  rule: AccessRule,
  mstKey: string,
  sent: Array<Record<string, unknown>>,
  parsed: Array<Record<string, WireValue>>,
): Promise<void> {
  const d = ctx.def.detail!;
  const dKey = ctx.dKey!;
  const inThisMaster = keyEq(q(d.fk), ctx.intKey, mstKey);
  const dInt = dKey.type === 'number';
  for (let i = 0; i < parsed.length; i++) {
    const row = parsed[i]!;
    const raw = sent[i]!;
    const id = raw[dKey.name];
    const isNewRow = emptyValue(id);
    const stored = isNewRow ? null : await lockDetail(ctx, tx, d, mstKey, id);
    if (raw._mode === 'delete') {
      if (isNewRow) continue;
      await tx.execute(
        sql`DELETE FROM ${sql.raw(q(d.table))} WHERE ${keyEq(q(dKey.db), dInt, id)} AND ${inThisMaster}`,
      );
      continue;
    }
    checkNoForbiddenWrites(d, caller, rule, raw, row, stored);
    const values: Record<string, WireValue> = {};
    for (const c of d.columns)
      if (writable(c, caller, rule) && c.name in raw) values[c.name] = row[c.name] ?? null;
    await checkChoices(ctx, tx, caller, d, values, stored, `dtl.${i}.`);
    const cols = Object.keys(values).map((n) => col(ctx.def, d, n));
    if (isNewRow && d.allowInsert === false) throw forbidden();
    if (isNewRow) await insertDetail(ctx, tx, caller, mstKey, values);
    else if (cols.length) {
      await tx.execute(
        sql`UPDATE ${sql.raw(q(d.table))} SET ${sql.join(
          cols.map((c) => sql`${sql.raw(q(c.db))} = ${param(c, values[c.name]!)}`),
          sql`, `,
        )} WHERE ${keyEq(q(dKey.db), dInt, id)} AND ${inThisMaster}`,
      );
    }
  }
}
