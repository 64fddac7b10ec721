// Document columns of a master: their lists, adding one, reading one and all as a zip.
import { sql } from 'drizzle-orm';
import type { DocumentContent, DocumentZip } from '@payd/schemas';
import { forbidden, invalidField } from '../wire/errors.ts';
import type { Caller, ColumnDef } from './definition.ts';
import type { WireValue } from './rowSchema.ts';
import { keyEq, q, rows, type Executor } from './sqlText.ts';
import { uniqueNames, writeZip } from './zip.ts';
import { DEFAULT_MAX_FILES, checkDocument, safeFileName, settled, tooManyMessage } from './docContent.ts';
import { parseDocJson } from './docJson.ts';
import { accessRule, canUpd, notFoundOrDenied, rowFlags, visible, writable } from './access.ts';
import { loadStored } from './storedRow.ts';
import type { ScreenCtx } from './screenContext.ts';

export type DocumentColumn = ColumnDef & { documents: NonNullable<ColumnDef['documents']> };

/** A document column the caller sees (403 otherwise). */
export function documentColumn(ctx: ScreenCtx, caller: Caller, name: string): DocumentColumn {
  const c = ctx.def.master.columns.find((x) => x.name === name && x.type === 'document');
  if (!c || !visible(c, caller)) throw forbidden();
  return c as DocumentColumn;
}

/** The documents of one record in a column (no content). */
export async function docList(ctx: ScreenCtx, c: ColumnDef, mstKey: WireValue) {
  const s = c.documents!;
  const found = await rows(
    ctx.db,
    sql`SELECT ${sql.raw(`${q(s.key)}::text AS "DocId", ${q(s.name)} AS "DocName", ${q(s.mimeType)} AS "MimeType", ${q(s.size)}::int AS "DocSize", to_char(${q(s.inputOn)} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "InputOn"`)}
        FROM ${sql.raw(q(s.table))} WHERE ${keyEq(q(s.fk), ctx.intKey, mstKey)} ORDER BY ${sql.raw(q(s.key))}`,
  );
  return found.map((r) => ({
    DocId: Number(r.DocId),
    DocName: String(r.DocName),
    MimeType: String(r.MimeType),
    DocSize: Number(r.DocSize),
    InputOn: r.InputOn === null ? null : String(r.InputOn),
  }));
}

/**
 * Inside a transaction: locks the record whose documents the caller changes and checks that
 * they may (screen and row flags, the column's write rule); returns the record's key. A record
 * out of scope answers like a missing one.
 */
export async function lockForDocWrite(
  ctx: ScreenCtx,
  tx: Executor,
  caller: Caller,
  mstId: string | number,
  c: ColumnDef,
): Promise<WireValue> {
  const rule = accessRule(ctx.def, caller);
  if (!writable({ ...c, type: 'text' }, caller, rule) || !canUpd(rule)) throw forbidden();
  const stored = await loadStored(ctx, tx, caller, rule, mstId, true);
  if (!stored) throw notFoundOrDenied(rule);
  if (!rowFlags(ctx.def, stored, caller, rule).allowUpd) throw forbidden();
  if (c.docWritable && !c.docWritable(stored, caller)) throw forbidden();
  return stored[ctx.mKey.name]!;
}

/** Refuses one more document when the column already holds its maximum. */
export async function checkDocCount(
  ctx: ScreenCtx,
  tx: Executor,
  c: ColumnDef,
  mstKey: WireValue,
  adding = 1,
): Promise<void> {
  const s = c.documents!;
  const max = c.maxFiles ?? DEFAULT_MAX_FILES;
  const found = await rows(
    tx,
    sql`SELECT count(*)::int AS n FROM ${sql.raw(q(s.table))} WHERE ${keyEq(q(s.fk), ctx.intKey, mstKey)}`,
  );
  if (Number(found[0]?.n ?? 0) + adding > max) throw invalidField('docJson', tooManyMessage(max));
}

/** AddDocColumnContent: a checked file added to a record's document column. */
export async function addDocColumnContent(
  ctx: ScreenCtx,
  caller: Caller,
  args: { mstId: string | number; screenColumnName: string; docJson: unknown },
) {
  const c = documentColumn(ctx, caller, args.screenColumnName);
  const s = c.documents;
  // The file is checked (unpacked, decoded) before the transaction, its verdict told inside.
  const checked = await settled(() => checkDocument(parseDocJson(args.docJson)));
  return ctx.db.transaction(async (tx) => {
    // Access first (a record out of reach says nothing about the file), then the file.
    const mstKey = await lockForDocWrite(ctx, tx, caller, args.mstId, c);
    const doc = checked();
    await checkDocCount(ctx, tx, c, mstKey);
    const ins = await rows(
      tx,
      sql`INSERT INTO ${sql.raw(q(s.table))} (${sql.raw([s.fk, s.name, s.mimeType, s.size, s.content, s.inputBy, s.inputOn].map(q).join(', '))})
          VALUES (${String(mstKey)}::integer, ${doc.fileName}, ${doc.mimeType}, ${doc.bytes.length}, decode(${doc.bytes.toString('base64')}, 'base64'), ${caller.usrId}, ${ctx.clock.now().toISOString()}::timestamptz)
          RETURNING ${sql.raw(`${q(s.key)}::text AS id`)}`,
    );
    return {
      DocId: Number(ins[0]!.id),
      DocName: doc.fileName,
      MimeType: doc.mimeType,
      DocSize: doc.bytes.length,
    };
  });
}

/** GetDoc: one document of a reachable record, with its content. */
export async function getDoc(
  ctx: ScreenCtx,
  caller: Caller,
  args: { mstId: string | number; docId: string | number; screenColumnName: string },
): Promise<DocumentContent> {
  const rule = accessRule(ctx.def, caller);
  const c = documentColumn(ctx, caller, args.screenColumnName);
  const stored = await loadStored(ctx, ctx.db, caller, rule, args.mstId, false);
  if (!stored) throw notFoundOrDenied(rule);
  const s = c.documents;
  const found = await rows(
    ctx.db,
    sql`SELECT ${sql.raw(`${q(s.name)} AS name, ${q(s.mimeType)} AS mime, encode(${q(s.content)}, 'base64') AS b64`)}
        FROM ${sql.raw(q(s.table))} WHERE ${keyEq(q(s.key), true, args.docId)} AND ${keyEq(q(s.fk), ctx.intKey, stored[ctx.mKey.name])}`,
  );
  const r = found[0];
  if (!r) throw notFoundOrDenied(rule);
  return {
    DocId: Number(args.docId),
    // Names stored before names were cleaned may still hold bidirectional or control characters.
    DocName: safeFileName(String(r.name)),
    MimeType: String(r.mime),
    base64: String(r.b64 ?? '').replace(/\s/g, ''),
  };
}

/** GetDocZipDownload: every document of a reachable record (columns the caller sees) as a zip. */
export async function getDocZipDownload(
  ctx: ScreenCtx,
  caller: Caller,
  keyId: string | number,
): Promise<DocumentZip> {
  const rule = accessRule(ctx.def, caller);
  const stored = await loadStored(ctx, ctx.db, caller, rule, keyId, false);
  if (!stored) throw notFoundOrDenied(rule);
  const entries: { name: string; data: Buffer; modified: Date }[] = [];
  for (const c of ctx.def.master.columns) {
    if (c.type !== 'document' || !visible(c, caller)) continue;
    const s = c.documents!;
    const found = await rows(
      ctx.db,
      sql`SELECT ${sql.raw(`${q(s.name)} AS name, encode(${q(s.content)}, 'base64') AS b64, ${q(s.inputOn)} AS at`)}
          FROM ${sql.raw(q(s.table))} WHERE ${keyEq(q(s.fk), ctx.intKey, stored[ctx.mKey.name])} ORDER BY ${sql.raw(q(s.key))}`,
    );
    for (const r of found)
      entries.push({
        name: String(r.name),
        data: Buffer.from(String(r.b64 ?? '').replace(/\s/g, ''), 'base64'),
        modified: r.at ? new Date(r.at as string) : ctx.clock.now(),
      });
  }
  const names = uniqueNames(entries.map((e) => safeFileName(e.name)));
  const zip = writeZip(entries.map((e, i) => ({ ...e, name: names[i]! })));
  return {
    fileName: `${ctx.def.entity}-${String(keyId)}.zip`,
    mimeType: 'application/zip',
    base64: zip.toString('base64'),
  };
}
