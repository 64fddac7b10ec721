// CynopsisWs FaceCompare: compares the face of a selfie with the one on an ID document (pictures
// named by URI, pictureUris.ts), records the check for staff and answers it as JSON text.
import { z } from 'zod';
import { customerRoles } from '../framework/roles.ts';
import { defineMethod, type MethodDefinition } from '../wire/method.ts';
import { recordIdentityCheck } from './identityCheckResults.ts';
import { LIVENESS_RULES } from './livenessProvider.ts';
import {
  COMPARE_PER_HOUR,
  SELFIE_BODY_LIMIT,
  round,
  staffCompareRoles,
  type CynopsisDeps,
} from './livenessSession.ts';
import { resolveUri } from './pictureUris.ts';

const uri = z.string().min(1).max(SELFIE_BODY_LIMIT);
const compareBody = z.object({ selfieImageUri: uri, idDocImageUri: uri });

export function faceCompareMethod({ db, clock, provider, limit }: CynopsisDeps): MethodDefinition {
  return defineMethod({
    service: 'Cynopsis',
    method: 'FaceCompare',
    body: compareBody,
    auth: [...customerRoles, ...staffCompareRoles],
    bodyLimit: 2 * SELFIE_BODY_LIMIT,
    rateLimit: { max: 30, timeWindow: 60_000 },
    handler: async (b, ctx) => {
      const user = ctx.user!;
      const selfie = await resolveUri(db, b.selfieImageUri, user, 'selfieImageUri');
      const document = await resolveUri(db, b.idDocImageUri, user, 'idDocImageUri');
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
  });
}
