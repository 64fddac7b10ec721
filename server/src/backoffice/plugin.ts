// The staff back office and the KYC/support screens, served by the screen framework
// (registered as a feature plugin in features.ts).
import type { FastifyInstance } from 'fastify';
import type { FeatureDeps } from '../features.ts';
import { screensPlugin } from '../framework/plugin.ts';
import { kycPersonScreen } from './kycPerson.ts';
import { kycCorporateScreen } from './kycCorporate.ts';
import { supportRequestScreen } from './supportRequest.ts';
import { usersScreen } from './users.ts';

export const backofficeScreens = [kycPersonScreen, kycCorporateScreen, supportRequestScreen, usersScreen];

export async function backofficeFeature(fastify: FastifyInstance, deps: FeatureDeps): Promise<void> {
  await fastify.register(screensPlugin, {
    db: deps.db,
    clock: deps.clock,
    screens: backofficeScreens,
    methods: deps.methods,
  });
}
