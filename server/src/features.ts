// The feature plugins buildApp registers besides accounts and access. A feature (framework
// screens, KYC, staking, ...) is an encapsulated Fastify plugin that receives FeatureDeps and
// declares its methods with defineMethod + registerMethods(fastify, methods, deps.methods).
// Add a feature by appending it to `features` below.
import type { FastifyInstance } from 'fastify';
import type { Db, Database } from './db/database.ts';
import type { Clock } from './clock.ts';
import type { ServerConfig } from './config.ts';
import type { Mailer } from './mail/mailer.ts';
import type { TokenService } from './auth/tokens.ts';
import type { RegisterOptions } from './protocol/method.ts';
import { backofficeFeature } from './backoffice/plugin.ts';
import { stakingFeature } from './staking/plugin.ts';
import { kycFeature } from './kyc/plugin.ts';
import { cynopsisFeature } from './kyc/cynopsis.ts';
import { kycDocumentsFeature } from './kyc/documents.ts';
import { billingFeature } from './billing/plugin.ts';

export interface FeatureDeps {
  db: Db;
  database: Database;
  clock: Clock;
  config: ServerConfig;
  mailer: Mailer;
  tokens: TokenService;
  /** Pass to registerMethods: verifies Bearer tokens and applies the rate-limit factor. */
  methods: RegisterOptions;
}

export type FeaturePlugin = (fastify: FastifyInstance, deps: FeatureDeps) => Promise<void>;

export const features: FeaturePlugin[] = [
  backofficeFeature,
  stakingFeature,
  kycFeature,
  kycDocumentsFeature,
  cynopsisFeature,
  billingFeature,
];
