// The money side of staking (issue 12, spec 001): credits bought by card, ETH or FTX
// (payments/, card/), the daily charge per validator and termination (charges/), and the monthly
// statements (statements/). Each part is its own plugin; features.ts registers this one.
import type { FeaturePlugin } from '../featureDeps.ts';
import { paymentsFeature } from './payments/plugin.ts';
import { cardFeature } from './card/plugin.ts';
import { chargesFeature } from './charges/plugin.ts';
import { statementsFeature } from './statements/plugin.ts';

export const billingFeature: FeaturePlugin = async (fastify, deps) => {
  for (const part of [paymentsFeature, cardFeature, chargesFeature, statementsFeature]) {
    await part(fastify, deps);
  }
};
