// The feature plugins buildApp registers besides accounts and access. A feature (framework
// screens, KYC, staking, ...) is an encapsulated Fastify plugin that receives FeatureDeps
// (featureDeps.ts) and declares its methods with defineMethod + registerMethods(fastify, methods,
// deps.methods). Add a feature by appending it to `features` below.
import type { FeaturePlugin } from './featureDeps.ts';
import { backofficeFeature } from './backoffice/plugin.ts';
import { stakingFeature } from './staking/plugin.ts';
import { kycFeature } from './kyc/plugin.ts';
import { cynopsisFeature } from './kyc/cynopsis.ts';
import { kycDocumentsFeature } from './kyc/documents.ts';
import { billingFeature } from './billing/plugin.ts';
import { liquidFeature } from './liquid/plugin.ts';
import { alertsFeature } from './alerts/plugin.ts';

export const features: FeaturePlugin[] = [
  backofficeFeature,
  stakingFeature,
  kycFeature,
  kycDocumentsFeature,
  cynopsisFeature,
  billingFeature,
  liquidFeature,
  alertsFeature,
];
