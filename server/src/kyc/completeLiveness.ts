// CynopsisWs CompleteLiveness, the liveness widget's session end: the provider checks the
// uploaded selfie on the server; only a pass sets LivenessPassed15 and PicMed15 (audited), never
// what the browser says (LIVENESS.md). The session is closed before the check: one upload each.
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { completeLiveness } from '@payd/schemas';
import { safeEqual, sha256 } from '../secrets.ts';
import type { Db } from '../db/database.ts';
import { kycLivenessSession } from '../db/schema.ts';
import { writeAudit } from '../framework/audit.ts';
import { accessDenied, failed, forbidden, invalidField } from '../wire/errors.ts';
import { implement } from '../wire/implement.ts';
import type { AuthUser, MethodDefinition } from '../wire/method.ts';
import { PictureError, base64Bytes, decodeJpeg } from './livenessImage.ts';
import { livenessVerdict, type RgbImage } from './livenessProvider.ts';
import {
  LIVENESS_MESSAGES,
  SELFIE_BODY_LIMIT,
  ownPerson,
  round,
  type CynopsisDeps,
  type OwnPerson,
} from './livenessSession.ts';

type CompleteBody = z.output<typeof completeLiveness.body>;

async function finish(db: Db, sessionId: string, status: string, data: object): Promise<void> {
  await db.execute(
    sql`UPDATE kyc_liveness_session SET status = ${status}, result = ${JSON.stringify(data)}
        WHERE session_id = ${sessionId}`,
  );
}

/** The session's checks, then the session claimed; the customer's own record. */
async function claimSession(d: CynopsisDeps, b: CompleteBody, user: AuthUser): Promise<OwnPerson> {
  const { db, clock } = d;
  const found = await db
    .select({
      usrId: kycLivenessSession.usrId,
      tokenHash: kycLivenessSession.tokenHash,
      status: kycLivenessSession.status,
      expiresOn: kycLivenessSession.expiresOn,
    })
    .from(kycLivenessSession)
    .where(eq(kycLivenessSession.sessionId, b.sessionId));
  const session = found[0];
  // Another customer's session looks exactly like an unknown one.
  if (!session || session.usrId !== user.usrId || !safeEqual(session.tokenHash, sha256(b.accessToken)))
    throw forbidden(LIVENESS_MESSAGES.sessionInvalid);
  if (session.status !== 'READY') throw failed('session_used', LIVENESS_MESSAGES.sessionUsed);
  if (session.expiresOn.getTime() <= clock.now().getTime())
    throw failed('session_expired', LIVENESS_MESSAGES.sessionExpired);
  const person = await ownPerson(db, user);
  if (!person) throw failed('no_record', LIVENESS_MESSAGES.noRecord);
  if (person.internalStatus === 'DE') throw failed('declined', LIVENESS_MESSAGES.declined);

  // Close the session first: a second upload with the same token cannot race this one.
  const claimed = await db
    .update(kycLivenessSession)
    .set({ status: 'ERROR', completedOn: clock.now() })
    .where(and(eq(kycLivenessSession.sessionId, b.sessionId), eq(kycLivenessSession.status, 'READY')))
    .returning({ sessionId: kycLivenessSession.sessionId });
  if (claimed.length === 0) throw failed('session_used', LIVENESS_MESSAGES.sessionUsed);
  return person;
}

/** The session's result; on a pass the selfie and LivenessPassed15 on the record, audited. */
async function recordResult(
  d: CynopsisDeps,
  b: CompleteBody,
  user: AuthUser,
  person: OwnPerson,
  status: string,
  data: object,
): Promise<void> {
  const { db, clock } = d;
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`UPDATE kyc_liveness_session SET status = ${status}, result = ${JSON.stringify(data)}
          WHERE session_id = ${b.sessionId}`,
    );
    if (status !== 'PASSED') return;
    const selfie = JSON.stringify({ mimeType: 'image/jpeg', base64: b.selfie.base64 });
    await tx.execute(
      sql`UPDATE kyc_person SET pic_med = ${selfie}, liveness_passed = 'Y', modified_by = ${user.usrId},
            modified_on = ${clock.now()}, row_version = row_version + 1
          WHERE kyc_person_id = ${person.kycPersonId}`,
    );
    if (person.livenessPassed !== 'Y')
      await writeAudit(tx, {
        screenId: 2,
        table: 'kyc_person',
        rowKey: String(person.kycPersonId),
        column: 'LivenessPassed15',
        before: person.livenessPassed,
        after: 'Y',
        by: user,
        on: clock.now(),
      });
  });
}

export function completeLivenessMethod(d: CynopsisDeps): MethodDefinition {
  return implement(
    completeLiveness,
    async (b, ctx) => {
      const user = ctx.user;
      if (!user) throw accessDenied();
      const person = await claimSession(d, b, user);
      let image: RgbImage;
      try {
        image = decodeJpeg(base64Bytes(b.selfie.base64));
      } catch (error) {
        if (error instanceof PictureError) {
          await finish(d.db, b.sessionId, 'FAILED', { reason: error.message });
          throw invalidField('selfie', error.message);
        }
        throw error;
      }
      const faces = await d.provider.findFaces(image);
      const verdict = livenessVerdict(faces, image);
      const data = {
        provider: d.provider.name,
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
      const status: 'PASSED' | 'FAILED' = verdict.passed ? 'PASSED' : 'FAILED';
      await recordResult(d, b, user, person, status, data);
      ctx.setMessage(status);
      // The customer is told passed or not and why; the scores stay on the server for staff
      // (GetIdentityChecks).
      return {
        status,
        sessionId: b.sessionId,
        data: { faces: data.faces, ...(verdict.passed ? {} : { reason: verdict.reason }) },
      };
    },
    { bodyLimit: SELFIE_BODY_LIMIT, rateLimit: { max: 30, timeWindow: 60_000 } },
  );
}
