// What a feature plugin receives from buildApp, in a file of its own so the features and the
// list of them (features.ts) do not import each other.
import type { FastifyInstance } from 'fastify';
import type { Db, Database } from './db/database.ts';
import type { Clock } from './clock.ts';
import type { ServerConfig } from './config.ts';
import type { Mailer } from './mail/mailer.ts';
import type { TokenService } from './auth/tokens.ts';
import type { RegisterOptions } from './wire/method.ts';
import type { CardPayments } from './billing/card/provider.ts';

export interface FeatureDeps {
  db: Db;
  database: Database;
  clock: Clock;
  config: ServerConfig;
  mailer: Mailer;
  tokens: TokenService;
  /** The card provider (config.ts's card settings, or a test's). */
  card: CardPayments;
  /** Pass to registerMethods: verifies Bearer tokens and applies the rate-limit factor. */
  methods: RegisterOptions;
}

export type FeaturePlugin = (fastify: FastifyInstance, deps: FeatureDeps) => Promise<void>;
