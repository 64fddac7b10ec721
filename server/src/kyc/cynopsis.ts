// CynopsisWs (spec 002 section 7): GetAccessToken, FaceCompare, DocOCR, and CompleteLiveness, the
// liveness widget's session end. LivenessPassed15 and PicMed15 are set here only, from the
// provider's own check of the uploaded selfie, never from what the browser says (LIVENESS.md).
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { Counters } from '../auth/counters.ts';
import { randomToken, safeEqual, sha256 } from '../auth/secrets.ts';
import type { FeatureDeps, FeaturePlugin } from '../featureDeps.ts';
import { writeAudit } from '../framework/audit.ts';
import { Role, customerRoles, isStaff } from '../framework/roles.ts';
import { rows } from '../framework/sqlText.ts';
import { failed, forbidden, invalidField, rateLimited } from '../protocol/errors.ts';
import { defineMethod, registerMethods, type AuthUser, type MethodDefinition } from '../protocol/method.ts';
import { identityCheckMethods, recordIdentityCheck } from './identityCheckResults.ts';
import { createHumanProvider } from './livenessHuman.ts';
import { PictureError, base64Bytes, dataUriBytes, decodeJpeg } from './livenessImage.ts';
import { LIVENESS_RULES, livenessVerdict, type LivenessProvider, type RgbImage } from './livenessProvider.ts';
import {
  OcrBusyError,
  OcrInputError,
  OcrTimeoutError,
  isPdf,
  readDocumentText,
  type DocumentText,
} from './ocr.ts';

/** How long a liveness session (its access token) stays usable. */
export const LIVENESS_SESSION_MS = 10 * 60_000;
/** Liveness sessions one customer may open per hour. */
export const LIVENESS_SESSIONS_PER_HOUR = 20;
/** FaceCompare / DocOCR calls one user may make per hour. */
export const COMPARE_PER_HOUR = 30;
const HOUR_MS = 3_600_000;
/** A 1280x720 JPEG as base64 is well under this; the envelope adds little. */
const SELFIE_BODY_LIMIT = 5 * 1024 * 1024;

export const LIVENESS_MESSAGES = {
  noRecord: 'Please complete your personal details first.',
  declined: 'Your KYC application was declined.',
  sessionInvalid: 'The liveness session is not valid. Please start the liveness test again.',
  sessionExpired: 'The liveness session has expired. Please start the liveness test again.',
  sessionUsed: 'This liveness session was already used. Please start the liveness test again.',
} as const;

const staffCompareRoles: readonly number[] = [Role.kycReviewer, Role.admin];

const selfieSchema = z.object({
  mimeType: z.literal('image/jpeg', { error: 'The picture must be a JPEG image.' }),
  base64: z.string().min(1).max(SELFIE_BODY_LIMIT),
});
// Unknown keys (a client's "passed" or "status") are dropped by z.object: only the picture counts.
const completeBody = z.object({
  sessionId: z.string().min(1).max(100),
  accessToken: z.string().min(1).max(200),
  selfie: selfieSchema,
});
const uri = z.string().min(1).max(SELFIE_BODY_LIMIT);
const compareBody = z.object({ selfieImageUri: uri, idDocImageUri: uri });
const ocrBody = z.object({ idDocImageUri1: uri, idDocImageUri2: uri.optional() });

export interface CynopsisOptions {
  provider?: LivenessProvider;
}

export function createCynopsisFeature(options: CynopsisOptions = {}): FeaturePlugin {
  return async (fastify: FastifyInstance, deps: FeatureDeps) => {
    const { db, clock } = deps;
    const provider = options.provider ?? createHumanProvider();
    const counters = new Counters(db);

    async function limit(key: string, user: AuthUser, max: number): Promise<void> {
      const n = await counters.hit(`liveness:${key}:${user.usrId}`, HOUR_MS, clock.now());
      if (n > max) throw rateLimited();
    }

    /** The caller's own personal KYC record (the first, as the pages use it). */
    async function ownPerson(user: AuthUser) {
      const found = await rows(
        db,
        sql`SELECT kyc_person_id, internal_status, liveness_passed FROM kyc_person
            WHERE input_for = ${user.usrId} ORDER BY kyc_person_id LIMIT 1`,
      );
      return found[0] as
        { kyc_person_id: number; internal_status: string | null; liveness_passed: string | null } | undefined;
    }

    async function picture(bytes: Buffer | null, field: string): Promise<RgbImage> {
      if (!bytes) throw invalidField(field, 'The picture could not be read.');
      try {
        return decodeJpeg(bytes);
      } catch (error) {
        if (error instanceof PictureError) throw invalidField(field, error.message);
        throw error;
      }
    }

    /**
     * A picture named by URI: a `data:image/jpeg;base64,` URI, `payd:selfie` (the caller's stored
     * selfie), `payd:selfie/<kycPersonId>`, `payd:doc/<docId>` (a supporting document) or
     * `payd:id-doc[/<kycPersonId>]` (the newest JPEG document of type ID). Customers
     * reach only their own records; KYC reviewers and admins any.
     */
    async function resolveUri(value: string, user: AuthUser, field: string): Promise<RgbImage> {
      const inline = dataUriBytes(value);
      if (inline) return picture(inline, field);
      const staff = isStaff(user.role);
      const selfie = /^payd:selfie(?:\/(\d{1,9}))?$/.exec(value);
      if (selfie) {
        const found = selfie[1]
          ? await rows(
              db,
              sql`SELECT pic_med, input_for FROM kyc_person WHERE kyc_person_id = ${Number(selfie[1])}`,
            )
          : await rows(
              db,
              sql`SELECT pic_med, input_for FROM kyc_person WHERE input_for = ${user.usrId}
                  ORDER BY kyc_person_id LIMIT 1`,
            );
        const row = found[0];
        if (!row || (!staff && Number(row.input_for) !== user.usrId)) throw forbidden();
        if (typeof row.pic_med !== 'string') throw invalidField(field, 'There is no selfie yet.');
        let stored: { base64?: unknown };
        try {
          stored = JSON.parse(row.pic_med) as { base64?: unknown };
        } catch {
          throw invalidField(field, 'There is no selfie yet.');
        }
        return picture(typeof stored.base64 === 'string' ? base64Bytes(stored.base64) : null, field);
      }
      const doc = /^payd:doc\/(\d{1,9})$/.exec(value);
      const idDoc = /^payd:id-doc(?:\/(\d{1,9}))?$/.exec(value);
      if (doc || idDoc) {
        const found = doc
          ? await rows(
              db,
              sql`SELECT d.content, p.input_for FROM kyc_person_doc d
                  JOIN kyc_person p ON p.kyc_person_id = d.kyc_person_id
                  WHERE d.doc_id = ${Number(doc[1])}`,
            )
          : // The newest ID document picture of a record (the caller's own when no id is given).
            await rows(
              db,
              sql`SELECT d.content, p.input_for FROM kyc_person_doc d
                  JOIN kyc_person p ON p.kyc_person_id = d.kyc_person_id
                  WHERE ${idDoc![1] ? sql`p.kyc_person_id = ${Number(idDoc![1])}` : sql`p.input_for = ${user.usrId}`}
                    AND d.doc_type_cd = 'ID' AND d.mime_type = 'image/jpeg'
                  ORDER BY d.doc_id DESC LIMIT 1`,
            );
        // The caller's own record, or staff naming any: say what is missing. A customer naming
        // another record learns nothing (403 below).
        if (idDoc && !found[0] && (!idDoc[1] || staff))
          throw invalidField(field, 'There is no ID document picture yet.');
        const row = found[0];
        if (!row || (!staff && Number(row.input_for) !== user.usrId)) throw forbidden();
        const content = row.content;
        const bytes =
          content instanceof Uint8Array
            ? Buffer.from(content)
            : typeof content === 'string' && content.startsWith('\\x')
              ? Buffer.from(content.slice(2), 'hex')
              : null;
        return picture(bytes, field);
      }
      throw invalidField(field, 'The picture could not be read.');
    }

    const methods: MethodDefinition[] = [
      defineMethod({
        service: 'Cynopsis',
        method: 'GetAccessToken',
        body: z.object({}).loose(),
        auth: customerRoles,
        rateLimit: { max: 60, timeWindow: 60_000 },
        handler: async (_b, ctx) => {
          const user = ctx.user!;
          const person = await ownPerson(user);
          if (!person) throw failed('no_record', LIVENESS_MESSAGES.noRecord);
          if (person.internal_status === 'DE') throw failed('declined', LIVENESS_MESSAGES.declined);
          await limit('session', user, LIVENESS_SESSIONS_PER_HOUR);
          const sessionId = randomUUID();
          const token = randomToken(32);
          const now = clock.now();
          await db.execute(
            sql`INSERT INTO kyc_liveness_session (session_id, usr_id, token_hash, provider, created_on, expires_on)
                VALUES (${sessionId}, ${user.usrId}, ${sha256(token)}, ${provider.name}, ${now},
                        ${new Date(now.getTime() + LIVENESS_SESSION_MS)})`,
          );
          return {
            access_token: token,
            sessionId,
            serviceBaseUrl: provider.serviceBaseUrl,
            provider: provider.name,
            expiresIn: LIVENESS_SESSION_MS / 1000,
            rules: LIVENESS_RULES,
          };
        },
      }),
      defineMethod({
        service: 'Cynopsis',
        method: 'CompleteLiveness',
        body: completeBody,
        auth: customerRoles,
        bodyLimit: SELFIE_BODY_LIMIT,
        rateLimit: { max: 30, timeWindow: 60_000 },
        handler: async (b, ctx) => {
          const user = ctx.user!;
          const found = await rows(
            db,
            sql`SELECT usr_id, token_hash, status, expires_on FROM kyc_liveness_session
                WHERE session_id = ${b.sessionId}`,
          );
          const session = found[0];
          // Another customer's session looks exactly like an unknown one.
          if (
            !session ||
            Number(session.usr_id) !== user.usrId ||
            !safeEqual(String(session.token_hash), sha256(b.accessToken))
          )
            throw forbidden(LIVENESS_MESSAGES.sessionInvalid);
          if (session.status !== 'READY') throw failed('session_used', LIVENESS_MESSAGES.sessionUsed);
          if (new Date(String(session.expires_on)).getTime() <= clock.now().getTime())
            throw failed('session_expired', LIVENESS_MESSAGES.sessionExpired);
          const person = await ownPerson(user);
          if (!person) throw failed('no_record', LIVENESS_MESSAGES.noRecord);
          if (person.internal_status === 'DE') throw failed('declined', LIVENESS_MESSAGES.declined);

          // Close the session first: a second upload with the same token cannot race this one.
          const claimed = await rows(
            db,
            sql`UPDATE kyc_liveness_session SET status = 'ERROR', completed_on = ${clock.now()}
                WHERE session_id = ${b.sessionId} AND status = 'READY' RETURNING session_id`,
          );
          if (claimed.length === 0) throw failed('session_used', LIVENESS_MESSAGES.sessionUsed);

          let image: RgbImage;
          try {
            image = decodeJpeg(base64Bytes(b.selfie.base64));
          } catch (error) {
            if (error instanceof PictureError) {
              await finish(b.sessionId, 'FAILED', { reason: error.message });
              throw invalidField('selfie', error.message);
            }
            throw error;
          }
          const faces = await provider.findFaces(image);
          const verdict = livenessVerdict(faces, image);
          const data = {
            provider: provider.name,
            faces: faces.length,
            ...(verdict.face
              ? {
                  score: round(verdict.face.score),
                  real: round(verdict.face.real),
                  live: round(verdict.face.live),
                }
              : {}),
            ...(verdict.passed ? {} : { reason: verdict.reason }),
          };
          const status = verdict.passed ? 'PASSED' : 'FAILED';
          await db.transaction(async (tx) => {
            await tx.execute(
              sql`UPDATE kyc_liveness_session SET status = ${status}, result = ${JSON.stringify(data)}
                  WHERE session_id = ${b.sessionId}`,
            );
            if (!verdict.passed) return;
            const selfie = JSON.stringify({ mimeType: 'image/jpeg', base64: b.selfie.base64 });
            await tx.execute(
              sql`UPDATE kyc_person SET pic_med = ${selfie}, liveness_passed = 'Y', modified_by = ${user.usrId},
                    modified_on = ${clock.now()}, row_version = row_version + 1
                  WHERE kyc_person_id = ${person.kyc_person_id}`,
            );
            if (person.liveness_passed !== 'Y')
              await writeAudit(tx, {
                screenId: 2,
                table: 'kyc_person',
                rowKey: String(person.kyc_person_id),
                column: 'LivenessPassed15',
                before: person.liveness_passed,
                after: 'Y',
                by: user,
                on: clock.now(),
              });
          });
          ctx.setMessage(status);
          // The customer is told passed or not and why; the scores stay on the server for staff
          // (GetIdentityChecks).
          return {
            status,
            sessionId: b.sessionId,
            data: { faces: data.faces, ...(verdict.passed ? {} : { reason: verdict.reason }) },
          };
        },
      }),
      defineMethod({
        service: 'Cynopsis',
        method: 'FaceCompare',
        body: compareBody,
        auth: [...customerRoles, ...staffCompareRoles],
        bodyLimit: 2 * SELFIE_BODY_LIMIT,
        rateLimit: { max: 30, timeWindow: 60_000 },
        handler: async (b, ctx) => {
          const user = ctx.user!;
          const selfie = await resolveUri(b.selfieImageUri, user, 'selfieImageUri');
          const document = await resolveUri(b.idDocImageUri, user, 'idDocImageUri');
          await limit('compare', user, COMPARE_PER_HOUR);
          const m = await provider.compareFaces(selfie, document);
          const result = {
            provider: provider.name,
            match: m.similarity >= LIVENESS_RULES.minSimilarity,
            similarity: round(m.similarity),
            threshold: LIVENESS_RULES.minSimilarity,
            selfieFaces: m.selfieFaces,
            documentFaces: m.documentFaces,
          };
          await recordIdentityCheck(db, {
            kind: 'faces',
            uris: [b.selfieImageUri, b.idDocImageUri],
            result,
            by: user,
            on: clock.now(),
          });
          // "response is JSON text" (spec): the reply data is a JSON string.
          return JSON.stringify(result);
        },
      }),
      defineMethod({
        service: 'Cynopsis',
        method: 'DocOCR',
        body: ocrBody,
        auth: [...customerRoles, ...staffCompareRoles],
        bodyLimit: 2 * SELFIE_BODY_LIMIT,
        rateLimit: { max: 30, timeWindow: 60_000 },
        handler: async (b, ctx) => {
          const user = ctx.user!;
          const uris = [b.idDocImageUri1, ...(b.idDocImageUri2 ? [b.idDocImageUri2] : [])];
          // A PDF (a stored document or a data URI) is named in the reply, not read (LIVENESS.md).
          // A stored one is looked up under resolveUri's rule: the owner's, or any for staff.
          async function isPdfDocument(value: string): Promise<boolean> {
            let inline: Buffer | null = null;
            try {
              inline = dataUriBytes(value);
            } catch {
              return false; // resolveUri says what is wrong with it
            }
            if (inline) return isPdf(inline);
            const doc = /^payd:doc\/(\d{1,9})$/.exec(value);
            if (!doc) return false;
            const found = await rows(
              db,
              sql`SELECT d.mime_type, p.input_for FROM kyc_person_doc d
                  JOIN kyc_person p ON p.kyc_person_id = d.kyc_person_id
                  WHERE d.doc_id = ${Number(doc[1])}`,
            );
            const row = found[0];
            if (!row || (!isStaff(user.role) && Number(row.input_for) !== user.usrId)) throw forbidden();
            return row.mime_type === 'application/pdf';
          }
          const sources = await Promise.all(
            uris.map(async (u, i) =>
              (await isPdfDocument(u)) ? null : resolveUri(u, user, `idDocImageUri${i + 1}`),
            ),
          );
          await limit('compare', user, COMPARE_PER_HOUR);
          const pages = [];
          const read: Extract<DocumentText, { ocr: 'done' }>[] = [];
          for (const [i, image] of sources.entries()) {
            if (!image) {
              pages.push({ ocr: 'pdf not supported', text: null, confidence: null, mrz: null });
              continue;
            }
            const faces = await provider.findFaces(image);
            let page: DocumentText;
            try {
              page = await readDocumentText(image);
            } catch (error) {
              if (error instanceof OcrInputError) throw invalidField(`idDocImageUri${i + 1}`, error.message);
              if (error instanceof OcrBusyError) throw failed('ocr_busy', error.message);
              if (error instanceof OcrTimeoutError) throw failed('ocr_timeout', error.message);
              throw error;
            }
            if (page.ocr === 'done') read.push(page);
            pages.push({
              width: image.width,
              height: image.height,
              faces: faces.filter((f) => f.score >= LIVENESS_RULES.minScore).length,
              ...page,
              mrz: page.ocr === 'done' ? (page.mrz ?? null) : null,
            });
          }
          const ocr = read.length > 0 ? 'done' : 'pdf not supported';
          const mrz = read.find((p) => p.mrz)?.mrz ?? null;
          await recordIdentityCheck(db, {
            kind: 'document',
            uris,
            result: { ocr, mrz },
            by: user,
            on: clock.now(),
          });
          // Text of every page read; the first machine readable zone found, its check digits verified.
          return JSON.stringify({
            provider: provider.name,
            ocr,
            text: read.length > 0 ? read.map((p) => p.text).join('\n\n') : null,
            confidence:
              read.length > 0 ? round(read.reduce((s, p) => s + p.confidence, 0) / read.length) : null,
            mrz,
            pages,
          });
        },
      }),
      ...identityCheckMethods(db),
    ];

    async function finish(sessionId: string, status: string, data: object): Promise<void> {
      await db.execute(
        sql`UPDATE kyc_liveness_session SET status = ${status}, result = ${JSON.stringify(data)}
            WHERE session_id = ${sessionId}`,
      );
    }

    registerMethods(fastify, methods, deps.methods);
  };
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}

export const cynopsisFeature: FeaturePlugin = createCynopsisFeature();
