// CynopsisWs (spec 002 section 7): registers GetAccessToken (getAccessToken.ts), CompleteLiveness,
// the liveness widget's session end (completeLiveness.ts), FaceCompare (faceCompare.ts), DocOCR
// (docOcr.ts) and the staff's GetIdentityChecks (identityCheckResults.ts). LivenessPassed15 and
// PicMed15 are set only from the provider's own check of the uploaded selfie, never from what the
// browser says (LIVENESS.md).
import type { FastifyInstance } from 'fastify';
import type { FeatureDeps, FeaturePlugin } from '../featureDeps.ts';
import { registerMethods } from '../wire/method.ts';
import { completeLivenessMethod } from './completeLiveness.ts';
import { docOcrMethod } from './docOcr.ts';
import { faceCompareMethod } from './faceCompare.ts';
import { getAccessTokenMethod } from './getAccessToken.ts';
import { identityCheckMethods } from './identityCheckResults.ts';
import { createHumanProvider } from './livenessHuman.ts';
import type { LivenessProvider } from './livenessProvider.ts';
import { hourlyLimit, type CynopsisDeps } from './livenessSession.ts';

export {
  COMPARE_PER_HOUR,
  LIVENESS_MESSAGES,
  LIVENESS_SESSION_MS,
  LIVENESS_SESSIONS_PER_HOUR,
} from './livenessSession.ts';

export interface CynopsisOptions {
  provider?: LivenessProvider;
}

export function createCynopsisFeature(options: CynopsisOptions = {}): FeaturePlugin {
  return async (fastify: FastifyInstance, deps: FeatureDeps) => {
    const { db, clock } = deps;
    const d: CynopsisDeps = {
      db,
      clock,
      provider: options.provider ?? createHumanProvider(),
      limit: hourlyLimit(db, clock),
    };
    const methods = [
      getAccessTokenMethod(d),
      completeLivenessMethod(d),
      faceCompareMethod(d),
      docOcrMethod(d),
      ...identityCheckMethods(db),
    ];
    registerMethods(fastify, methods, deps.methods);
  };
}

export const cynopsisFeature: FeaturePlugin = createCynopsisFeature();
