// Supporting documents of the KYC records (issue 4, spec 002 section 7 "Document operations"):
// KycPersonWs SaveKycPersonDoc15 / DelKycPersonDoc15 / GetKycPersonDoc15List and the same three
// of KycCorporateWs for KycCorpDoc16. The framework's AddDocColumnContent, GetDoc and
// GetDocZipDownload serve the same files.
//
// Storage (decision): the files live in the database (bytea, tables kyc_person_doc and
// kyc_corp_doc), PGlite under .data/db in the embedded default and PostgreSQL in production, so
// they are as durable as the records, backed up with them, and an upload is one transaction:
// nothing is half-written when it fails.
//
// Rules: the caller's own record only (staff: any), checked by the screen engine (another
// customer's id answers 403 with no data); the record's status must leave it open (customers);
// the type comes from the bytes (framework/docContent.ts); at most 10 MB and 100 files; a proof
// of address (type POA) carries its date, within the last 3 months.
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  DOC_TYPE_CODES,
  PROOF_OF_ADDRESS,
  delKycCorpDoc16,
  delKycPersonDoc15,
  docMessages,
  getKycCorpDoc16List,
  getKycPersonDoc15List,
  saveKycCorpDoc16,
  saveKycPersonDoc15,
  type DocColumnContracts,
} from '@payd/schemas';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import type { FeatureDeps } from '../featureDeps.ts';
import type { Caller, ColumnDef, ScreenDef } from '../framework/definition.ts';
import { DOC_BODY_LIMIT, checkDocument, settled, uploadErrorHandler } from '../framework/docContent.ts';
import { ScreenEngine, parseDocJson } from '../framework/engine.ts';
import { keyEq, parsedRows, q } from '../framework/sqlText.ts';
import { kycPersonScreen } from './kycPerson.ts';
import { kycCorporateScreen } from './kycCorporate.ts';
import { accessDenied, forbidden, invalidField } from '../wire/errors.ts';
import { implement } from '../wire/implement.ts';
import { registerMethods, type MethodContext, type MethodDefinition } from '../wire/method.ts';

/** Document types (ref_codes category docType). */
export const DOC_TYPES = DOC_TYPE_CODES;
export { PROOF_OF_ADDRESS };
export const POA_MESSAGE = docMessages.proofOfAddress;
export const POA_DATE_REQUIRED = docMessages.proofOfAddressDate;

/** The earliest date a proof of address may bear on `today` (3 calendar months back, UTC). */
export function poaEarliest(today: Date): string {
  const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 3, today.getUTCDate()));
  // 31 May - 3 months is 28/29 Feb, not 2 or 3 March.
  if (d.getUTCDate() !== today.getUTCDate()) d.setUTCDate(0);
  return d.toISOString().slice(0, 10);
}

/** null when the date is acceptable for a proof of address uploaded on `today`. */
export function poaDateError(docDate: string | null, today: Date): string | null {
  if (!docDate) return POA_DATE_REQUIRED;
  const todayIso = today.toISOString().slice(0, 10);
  if (docDate > todayIso || docDate < poaEarliest(today)) return POA_MESSAGE;
  return null;
}

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Please enter a date as YYYY-MM-DD');

/** Type and date sent with a document (in docJson, next to fileName, mimeType and base64). */
function docMeta(docJson: unknown): { docType: string | null; docDate: string | null } {
  let v = docJson;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      v = {};
    }
  }
  const o = (v ?? {}) as Record<string, unknown>;
  const rawType = o.DocTypeCd ?? o.docType;
  const rawDate = o.DocDate ?? o.docDate;
  const docType = rawType === undefined || rawType === null || rawType === '' ? null : String(rawType);
  if (docType !== null && !(DOC_TYPES as readonly string[]).includes(docType))
    throw invalidField('docJson.DocTypeCd', docMessages.docType);
  let docDate: string | null = null;
  if (rawDate !== undefined && rawDate !== null && rawDate !== '') {
    const p = isoDate.safeParse(String(rawDate).slice(0, 10));
    if (!p.success || Number.isNaN(Date.parse(`${p.data}T00:00:00Z`)))
      throw invalidField('docJson.DocDate', 'Please enter a valid date');
    docDate = p.data;
  }
  return { docType, docDate };
}

const yes = (v: unknown) => v === true || v === 'Y' || v === 'true';

function caller(ctx: MethodContext): Caller {
  if (!ctx.user) throw accessDenied();
  return { usrId: ctx.user.usrId, usrName: ctx.user.usrName, role: ctx.user.role };
}

/** A document as the list reads it (the columns come from the screen's definition). */
const listedDoc = z.object({
  id: z.coerce.number(),
  name: z.string(),
  mime: z.string(),
  size: z.number(),
  type: z.string().nullable(),
  type_text: z.string().nullable(),
  doc_date: z.string().nullable(),
  input_on: z.string().nullable(),
});

/** The id of a document written or deleted. */
const docKey = z.object({ id: z.coerce.number() });

/** One document as Get{Col}List answers it. */
function docListRow(r: z.infer<typeof listedDoc>) {
  return {
    DocId: r.id,
    DocName: r.name,
    MimeType: r.mime,
    DocSize: r.size,
    DocTypeCd: r.type,
    DocTypeCdText: r.type_text,
    DocDate: r.doc_date,
    InputOn: r.input_on,
  };
}

/** Save{Col}, Del{Col} and Get{Col}List of one document column of a screen. */
export function documentMethods(
  def: ScreenDef,
  columnName: string,
  contracts: DocColumnContracts,
  deps: { db: Db; clock: Clock },
): MethodDefinition[] {
  const engine = new ScreenEngine(def, deps);
  const column = def.master.columns.find((c) => c.name === columnName && c.type === 'document');
  if (!column?.documents) throw new Error(`${def.service}: no document column ${columnName}`);
  for (const [c, method] of [
    [contracts.save, `Save${columnName}`],
    [contracts.del, `Del${columnName}`],
    [contracts.list, `Get${columnName}List`],
  ] as const)
    if (c.service !== def.service || c.method !== method)
      throw new Error(`${def.service}.${method}: given the contract of ${c.service}.${c.method}`);
  const s = column.documents;
  const T = sql.raw(q(s.table));
  const fk = q(s.fk);
  const key = q(s.key);
  const intKey = def.master.columns.find((c) => c.system === 'key')!.type === 'number';
  const col = (c: Caller): ColumnDef => engine.documentColumn(c, columnName);

  async function list(c: Caller, mstId: string | number) {
    col(c);
    // Throws 403 for a record out of the caller's scope (or missing): nothing is returned.
    await engine.getAuthRow(c, mstId);
    const found = await parsedRows(
      deps.db,
      sql`SELECT d.${sql.raw(key)}::text AS id, d.${sql.raw(q(s.name))} AS name, d.${sql.raw(q(s.mimeType))} AS mime,
                 d.${sql.raw(q(s.size))}::int AS size, d.doc_type_cd AS type, r.label AS type_text,
                 to_char(d.doc_date, 'YYYY-MM-DD') AS doc_date,
                 to_char(d.${sql.raw(q(s.inputOn))} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS input_on
          FROM ${T} d LEFT JOIN ref_codes r ON r.cat = 'docType' AND r.code = d.doc_type_cd
          WHERE ${keyEq(`d.${fk}`, intKey, mstId)} ORDER BY d.${sql.raw(key)}`,
      listedDoc,
    );
    return found.map(docListRow);
  }

  const save = implement(
    contracts.save,
    async (b, ctx) => {
      const c = caller(ctx);
      const cd = col(c);
      const overwriteId =
        yes(b.overwrite) && b.docId !== undefined && b.docId !== null && b.docId !== '' ? b.docId : null;
      const now = deps.clock.now().toISOString();
      // The file is checked (unpacked, decoded) before the transaction, its verdict told inside.
      const checked = await settled(() => checkDocument(parseDocJson(b.docJson)));
      const docId = await deps.db.transaction(async (tx) => {
        // Access first (a record out of reach says nothing about the file), then the file.
        const mstKey = await engine.lockForDocWrite(tx, c, b.mstId, cd);
        const doc = checked();
        const meta = docMeta(b.docJson);
        if (meta.docType === PROOF_OF_ADDRESS) {
          const err = poaDateError(meta.docDate, deps.clock.now());
          if (err) throw invalidField('docJson.DocDate', err);
        }
        if (overwriteId !== null) {
          const upd = await parsedRows(
            tx,
            sql`UPDATE ${T} SET ${sql.raw(q(s.name))} = ${doc.fileName}, ${sql.raw(q(s.mimeType))} = ${doc.mimeType},
                       ${sql.raw(q(s.size))} = ${doc.bytes.length}, ${sql.raw(q(s.content))} = decode(${doc.bytes.toString('base64')}, 'base64'),
                       doc_type_cd = ${meta.docType}, doc_date = ${meta.docDate}::date,
                       ${sql.raw(q(s.inputBy))} = ${c.usrId}, ${sql.raw(q(s.inputOn))} = ${now}::timestamptz
                WHERE ${keyEq(key, true, overwriteId)} AND ${keyEq(fk, intKey, mstKey)}
                RETURNING ${sql.raw(key)}::text AS id`,
            docKey,
          );
          if (!upd[0]) throw forbidden('Access denied');
          return upd[0].id;
        }
        await engine.checkDocCount(tx, cd, mstKey);
        const ins = await parsedRows(
          tx,
          sql`INSERT INTO ${T} (${sql.raw([s.fk, s.name, s.mimeType, s.size, s.content, s.inputBy, s.inputOn].map(q).join(', '))}, doc_type_cd, doc_date)
              VALUES (${String(mstKey)}::integer, ${doc.fileName}, ${doc.mimeType}, ${doc.bytes.length},
                      decode(${doc.bytes.toString('base64')}, 'base64'), ${c.usrId}, ${now}::timestamptz, ${meta.docType}, ${meta.docDate}::date)
              RETURNING ${sql.raw(key)}::text AS id`,
          docKey,
        );
        return ins[0]!.id;
      });
      ctx.setMessage('Saved');
      return (await list(c, b.mstId)).find((d) => d.DocId === docId) ?? null;
    },
    { bodyLimit: DOC_BODY_LIMIT },
  );

  const del = implement(contracts.del, async (b, ctx) => {
    const c = caller(ctx);
    const cd = col(c);
    const ids = [...new Set((Array.isArray(b.docIdList) ? b.docIdList : [b.docIdList]).map(String))];
    if (!ids.every((x) => /^\d{1,9}$/.test(x))) throw forbidden('Access denied');
    await deps.db.transaction(async (tx) => {
      const mstKey = await engine.lockForDocWrite(tx, c, b.mstId, cd);
      const gone = await parsedRows(
        tx,
        sql`DELETE FROM ${T} WHERE ${keyEq(fk, intKey, mstKey)} AND ${sql.raw(key)} = ANY(${`{${ids.join(',')}}`}::integer[])
              RETURNING ${sql.raw(key)}::text AS id`,
        docKey,
      );
      // A document of another record (or none at all) in the list: nothing is deleted.
      if (gone.length !== ids.length) throw forbidden('Access denied');
    });
    ctx.setMessage('Deleted');
    return { deleted: ids.map(Number) };
  });

  const getList = implement(contracts.list, async (b, ctx) => list(caller(ctx), b.mstId));

  return [save, del, getList];
}

/** Feature plugin (features.ts): the document methods of KycPersonWs and KycCorporateWs. */
export async function kycDocumentsFeature(fastify: FastifyInstance, deps: FeatureDeps): Promise<void> {
  // An upload over the body limit answers the spec's size message (this plugin's routes only).
  fastify.setErrorHandler(uploadErrorHandler);
  const d = { db: deps.db, clock: deps.clock };
  registerMethods(
    fastify,
    [
      ...documentMethods(
        kycPersonScreen,
        'KycPersonDoc15',
        { save: saveKycPersonDoc15, del: delKycPersonDoc15, list: getKycPersonDoc15List },
        d,
      ),
      ...documentMethods(
        kycCorporateScreen,
        'KycCorpDoc16',
        { save: saveKycCorpDoc16, del: delKycCorpDoc16, list: getKycCorpDoc16List },
        d,
      ),
    ],
    deps.methods,
  );
}
