// The customer's KYC records on the screen framework: KycPersonWs (kycPerson.ts) and
// KycCorporateWs (kycCorporate.ts), their common operations registered under {Service}Ws.asmx.
// Part of the KYC feature (plugin.ts); reviewers reach the same screens from the back office.
import type { FeatureDeps } from '../featureDeps.ts';
import type { FastifyInstance } from 'fastify';
import { screensPlugin } from '../framework/plugin.ts';
import { kycCorporateScreen } from './kycCorporate.ts';
import { kycPersonScreen } from './kycPerson.ts';

export const kycScreens = [kycPersonScreen, kycCorporateScreen];

export async function kycScreensFeature(fastify: FastifyInstance, deps: FeatureDeps): Promise<void> {
  await fastify.register(screensPlugin, {
    db: deps.db,
    clock: deps.clock,
    screens: kycScreens,
    methods: deps.methods,
  });
}
