// The staff back office: users, support requests, payments, charges and stake agents, served by
// the screen framework (registered as a feature plugin in features.ts). The customer's KYC
// records are the KYC feature's (kyc/screens.ts).
import type { FastifyInstance } from 'fastify';
import type { FeatureDeps } from '../featureDeps.ts';
import { seedScreenLabels } from '../framework/labels.ts';
import { screensPlugin } from '../framework/plugin.ts';
import { registerMethods } from '../wire/method.ts';
import { billingNow } from '../billing/index.ts';
import { paymentsScreen } from './payments.ts';
import { chargeMethods, chargesScreen } from './charges.ts';
import { stakeAgentMethods, stakeAgentScreen } from './stakeAgents.ts';
import { supportRequestScreen } from './supportRequest.ts';
import { usersScreen } from './users.ts';

export const backofficeScreens = [supportRequestScreen, usersScreen, paymentsScreen, chargesScreen];

export async function backofficeFeature(fastify: FastifyInstance, deps: FeatureDeps): Promise<void> {
  await fastify.register(screensPlugin, {
    db: deps.db,
    clock: deps.clock,
    screens: backofficeScreens,
    methods: deps.methods,
  });
  // Stake agents: the common methods with their own SaveData (a taken Agent ID by name).
  await seedScreenLabels(deps.db, stakeAgentScreen);
  registerMethods(fastify, stakeAgentMethods(deps.db, deps.clock), deps.methods);
  registerMethods(fastify, chargeMethods(deps.db, billingNow(deps.clock, deps.config)), deps.methods);
}
