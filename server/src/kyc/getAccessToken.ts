// CynopsisWs GetAccessToken: opens a liveness session for the customer's own KYC record and
// returns its one-time access token (only its hash is kept), the provider and the rules.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { getAccessToken } from '@payd/schemas';
import { randomToken, sha256 } from '../secrets.ts';
import { accessDenied, failed } from '../wire/errors.ts';
import { implement } from '../wire/implement.ts';
import type { MethodDefinition } from '../wire/method.ts';
import { LIVENESS_RULES } from './livenessProvider.ts';
import {
  LIVENESS_MESSAGES,
  LIVENESS_SESSION_MS,
  LIVENESS_SESSIONS_PER_HOUR,
  ownPerson,
  type CynopsisDeps,
} from './livenessSession.ts';

export function getAccessTokenMethod({ db, clock, provider, limit }: CynopsisDeps): MethodDefinition {
  return implement(
    getAccessToken,
    async (_b, ctx) => {
      const user = ctx.user;
      if (!user) throw accessDenied();
      const person = await ownPerson(db, user);
      if (!person) throw failed('no_record', LIVENESS_MESSAGES.noRecord);
      if (person.internalStatus === 'DE') throw failed('declined', LIVENESS_MESSAGES.declined);
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
    { rateLimit: { max: 60, timeWindow: 60_000 } },
  );
}
