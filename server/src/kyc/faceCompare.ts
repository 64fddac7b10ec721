// CynopsisWs FaceCompare: compares the face of a selfie with the one on an ID document (pictures
// named by URI, pictureUris.ts), records the check for staff and answers it as JSON text.
import { faceCompare, toJsonText } from '@payd/schemas';
import { accessDenied } from '../wire/errors.ts';
import { implement } from '../wire/implement.ts';
import type { MethodDefinition } from '../wire/method.ts';
import { recordIdentityCheck } from './identityCheckResults.ts';
import { LIVENESS_RULES } from './livenessProvider.ts';
import { COMPARE_PER_HOUR, SELFIE_BODY_LIMIT, round, type CynopsisDeps } from './livenessSession.ts';
import { resolveUri } from './pictureUris.ts';

export function faceCompareMethod({ db, clock, provider, limit }: CynopsisDeps): MethodDefinition {
  return implement(
    faceCompare,
    async (b, ctx) => {
      const user = ctx.user;
      if (!user) throw accessDenied();
      const selfie = await resolveUri(db, b.selfieImageUri, user, 'selfieImageUri');
      const document = await resolveUri(db, b.idDocImageUri, user, 'idDocImageUri');
      await limit('compare', user, COMPARE_PER_HOUR);
      const m = await provider.compareFaces(selfie, document);
      const check = {
        match: m.similarity >= LIVENESS_RULES.minSimilarity,
        similarity: round(m.similarity),
        threshold: LIVENESS_RULES.minSimilarity,
        selfieFaces: m.selfieFaces,
        documentFaces: m.documentFaces,
      };
      await recordIdentityCheck(db, {
        kind: 'faces',
        uris: [b.selfieImageUri, b.idDocImageUri],
        result: check,
        by: user,
        on: clock.now(),
      });
      // "response is JSON text" (spec): the reply data is a JSON string.
      return toJsonText({ provider: provider.name, ...check });
    },
    { bodyLimit: 2 * SELFIE_BODY_LIMIT, rateLimit: { max: 30, timeWindow: 60_000 } },
  );
}
