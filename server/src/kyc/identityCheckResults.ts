// The reviewer's identity checks of a personal KYC record, remembered (issue 17): FaceCompare and
// DocOCR run by a KYC reviewer or admin on one record's own pictures are stored in
// kyc_identity_check; GetIdentityChecks gives staff the latest of each and the customer's liveness
// numbers; and KycPersonWs SaveData refuses to approve a record against failed checks without a
// reason (requireReasonAgainstFailedChecks, called from the screen's beforeSave). What counts as
// failed is packages/schemas identityCheckFailures, which the back office shows beside the status.
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  APPROVING_KYC_STATUSES,
  approveAgainstChecksMessage,
  identityCheckFailures,
  documentCheck,
  faceCheck,
  getIdentityChecks,
  type DocumentCheck,
  type FaceCheck,
  type LivenessRecord,
  type RecordedDocumentCheck,
  type RecordedFaceCheck,
} from '@payd/schemas';
import type { Db } from '../db/database.ts';
import { kycPerson, kycPersonDoc } from '../db/schema.ts';
import { isStaff } from '../framework/roles.ts';
import { parsedRows, type Executor } from '../framework/sqlText.ts';
import { invalidField } from '../wire/errors.ts';
import { implement } from '../wire/implement.ts';
import type { AuthUser, MethodDefinition } from '../wire/method.ts';

export type CheckKind = 'faces' | 'document';

/** The personal KYC record a picture URI belongs to (`payd:selfie/<id>`, `payd:id-doc/<id>`,
 * `payd:doc/<docId>`); null for a data URI or the caller's own (`payd:selfie`, `payd:id-doc`). */
export async function recordOfUri(db: Db, uri: string): Promise<number | null> {
  const named = /^payd:(?:selfie|id-doc)\/(\d{1,9})$/.exec(uri);
  if (named) return Number(named[1]);
  const doc = /^payd:doc\/(\d{1,9})$/.exec(uri);
  if (!doc) return null;
  const found = await db
    .select({ kycPersonId: kycPersonDoc.kycPersonId })
    .from(kycPersonDoc)
    .where(eq(kycPersonDoc.docId, Number(doc[1])));
  return found[0]?.kycPersonId ?? null;
}

/**
 * Keeps a check's result when staff ran it on pictures of one record (every URI naming the same
 * record). A customer's own checks are not kept: they could choose the pictures that pass.
 */
export async function recordIdentityCheck(
  db: Db,
  check: ({ kind: 'faces'; result: FaceCheck } | { kind: 'document'; result: DocumentCheck }) & {
    uris: readonly string[];
    by: AuthUser;
    on: Date;
  },
): Promise<void> {
  if (!isStaff(check.by.role)) return;
  const ids = await Promise.all(check.uris.map((u) => recordOfUri(db, u)));
  const id = ids[0];
  if (id === null || id === undefined || ids.some((i) => i !== id)) return;
  // Only the fields the contract's stored check names (faceCheck, documentCheck).
  const result = check.kind === 'faces' ? faceCheck.parse(check.result) : documentCheck.parse(check.result);
  await db.execute(
    sql`INSERT INTO kyc_identity_check (kyc_person_id, kind, result, checked_by, checked_by_name, checked_on)
        SELECT ${id}, ${check.kind}, ${JSON.stringify(result)}, ${check.by.usrId}, ${check.by.usrName}, ${check.on}
        WHERE EXISTS (SELECT 1 FROM kyc_person WHERE kyc_person_id = ${id})`,
  );
}

/** A stored check as latestIdentityChecks reads it. */
const storedCheck = z.object({
  kind: z.string(),
  result: z.string(),
  checked_by_name: z.string(),
  checked_on: z.coerce.date(),
});

/** The latest stored check of each kind of a record (`exec`: also a save's transaction, whose
 * hooks get no query builder). */
export async function latestIdentityChecks(
  exec: Executor,
  kycPersonId: number,
): Promise<{ faces: RecordedFaceCheck | null; document: RecordedDocumentCheck | null }> {
  const found = await parsedRows(
    exec,
    sql`SELECT DISTINCT ON (kind) kind, result, checked_by_name, checked_on FROM kyc_identity_check
        WHERE kyc_person_id = ${kycPersonId} ORDER BY kind, check_id DESC`,
    storedCheck,
  );
  // Each stored result read back through its schema (written by recordIdentityCheck from it).
  const of = <T>(kind: CheckKind, schema: z.ZodType<T>) => {
    const r = found.find((x) => x.kind === kind);
    return r
      ? {
          result: schema.parse(JSON.parse(r.result)),
          checkedOn: r.checked_on.toISOString(),
          checkedByName: r.checked_by_name,
        }
      : null;
  };
  return { faces: of('faces', faceCheck), document: of('document', documentCheck) };
}

const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);

/** The session livenessRecord reads, with how many ended sessions the owner has. */
const endedSession = z.object({
  session_id: z.string(),
  status: z.string(),
  result: z.string().nullable(),
  completed_on: z.coerce.date().nullable(),
  attempts: z.coerce.number(),
});

/** The server's liveness verdict on the record's owner: the latest pass, else the latest failure. */
export async function livenessRecord(exec: Executor, kycPersonId: number): Promise<LivenessRecord | null> {
  const found = await parsedRows(
    exec,
    sql`SELECT s.session_id, s.status, s.result, s.completed_on,
               count(*) OVER () AS attempts
        FROM kyc_liveness_session s JOIN kyc_person p ON p.input_for = s.usr_id
        WHERE p.kyc_person_id = ${kycPersonId} AND s.status IN ('PASSED', 'FAILED')
        ORDER BY (s.status = 'PASSED') DESC, s.completed_on DESC NULLS LAST LIMIT 1`,
    endedSession,
  );
  const r = found[0];
  if (!r) return null;
  let data: Record<string, unknown> = {};
  try {
    data = JSON.parse(r.result ?? '{}') as Record<string, unknown>;
  } catch {
    // a session closed without a result keeps its status only
  }
  return {
    sessionId: r.session_id,
    status: r.status === 'PASSED' ? 'PASSED' : 'FAILED',
    completedOn: r.completed_on === null ? null : r.completed_on.toISOString(),
    faces: num(data.faces),
    score: num(data.score),
    real: num(data.real),
    live: num(data.live),
    reason: typeof data.reason === 'string' ? data.reason : null,
    attempts: r.attempts,
  };
}

const blank = (v: unknown) => v === null || v === undefined || String(v).trim() === '';

/**
 * KycPersonWs SaveData, before the write: a change of the status to an approving one while the
 * record's latest identity checks failed needs a reason given with this save (Reason15 written
 * now, not one left from an earlier decision), so that the approval and its reason stand together
 * in the status history. The fields are set against the record as it will be saved.
 */
export async function requireReasonAgainstFailedChecks(
  exec: Executor,
  before: Readonly<Record<string, unknown>> | null,
  values: Record<string, unknown>,
): Promise<void> {
  if (!before || !('InternalStatus15' in values)) return;
  const status = String(values.InternalStatus15 ?? '');
  if (!APPROVING_KYC_STATUSES.includes(status) || String(before.InternalStatus15 ?? '') === status) return;
  const checks = await latestIdentityChecks(exec, Number(before.KycPersonId15));
  const failures = identityCheckFailures(
    { faces: checks.faces?.result, document: checks.document?.result },
    { ...before, ...values },
  );
  if (failures.length === 0) return;
  const reason = 'Reason15' in values ? values.Reason15 : null;
  if (blank(reason) || String(reason).trim() === String(before.Reason15 ?? '').trim())
    throw invalidField('mst.Reason15', approveAgainstChecksMessage(failures));
}

/** CynopsisWs GetIdentityChecks: the latest checks of a record and its owner's liveness (staff). */
export function identityCheckMethods(db: Db): MethodDefinition[] {
  return [
    implement(
      getIdentityChecks,
      async (b) => {
        const id = b.kycPersonId;
        const exists = await db
          .select({ id: kycPerson.kycPersonId })
          .from(kycPerson)
          .where(eq(kycPerson.kycPersonId, id));
        if (!exists[0]) throw invalidField('kycPersonId', 'There is no such KYC record.');
        return { ...(await latestIdentityChecks(db, id)), liveness: await livenessRecord(db, id) };
      },
      { rateLimit: { max: 120, timeWindow: 60_000 } },
    ),
  ];
}
