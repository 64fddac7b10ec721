// Test harness: a payd app on a fresh database (PGlite in memory, and PostgreSQL in its own
// schema when TEST_DATABASE_URL is set), a real SMTP sink on an ephemeral port, a manual clock.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import pg from 'pg';
import { servicePath, SCOPE_HEADER, type ApiReply } from '@payd/schemas';
import { buildApp, type AppOptions } from '../app.ts';
import { loadConfig, type ServerConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { smtpMailer, type Mailer } from '../mail/mailer.ts';
import { startSmtpSink, type SmtpSink } from '../mail/smtpSink.ts';
import { ManualClock } from '../clock.ts';
import { altchaCaptcha } from '../captcha/altcha.ts';
import { subKey } from '../secrets.ts';

export type DatabaseKind = 'pglite' | 'postgres';

/** The databases every database test runs on. */
export const testDatabaseKinds: DatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

export async function openTestDatabase(
  kind: DatabaseKind,
): Promise<{ database: Database; drop(): Promise<void> }> {
  if (kind === 'pglite') {
    const database = await openDatabase({});
    return { database, drop: () => database.close() };
  }
  const url = process.env.TEST_DATABASE_URL!;
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const database = await openDatabase({ databaseUrl: url, pgSchema: schema });
  return {
    database,
    async drop() {
      await database.close();
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    },
  };
}

export interface CallOptions {
  token?: string;
  /** The client's address as the socket sees it (no forwarding header). */
  ip?: string;
  /** Extra request headers (e.g. a forged X-Forwarded-For). */
  headers?: Record<string, string>;
  scope?: Record<string, number>;
}

export interface TestApp {
  app: FastifyInstance;
  config: ServerConfig;
  database: Database;
  clock: ManualClock;
  mailer: Mailer;
  call<T = unknown, S = unknown>(
    service: string,
    method: string,
    body?: unknown,
    o?: CallOptions,
  ): Promise<{ status: number; d: ApiReply<T, S>['d'] }>;
  /** Mails received by the SMTP sink for `to`, newest first (after flushing the outbox). */
  mails(to: string): Promise<{ subject: string; text: string }[]>;
  captcha(): Promise<string>;
  close(): Promise<void>;
}

export async function startTestApp(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  extra: Pick<AppOptions, 'features' | 'card'> & {
    /** A database opened by the caller, kept open by close() (several instances on one). */
    database?: Database;
    /** A clock shared with other instances. */
    clock?: ManualClock;
  } = {},
): Promise<TestApp> {
  const { database: shared, clock: sharedClock, ...appExtra } = extra;
  const { database, drop } = shared
    ? { database: shared, drop: async () => {} }
    : await openTestDatabase(kind);
  const clock = sharedClock ?? new ManualClock(new Date());
  const config = loadConfig({
    TOKEN_SECRET: randomBytes(32).toString('hex'),
    DATA_KEY: randomBytes(32).toString('hex'),
    PUBLIC_URL: 'http://localhost:5173',
    WEB_DIST: '/nonexistent-web-dist',
    LOGIN_CHALLENGE_COUNT: '1000',
    PAYD_CHECK_REPLIES: '1',
    ...env,
  });
  const sink: SmtpSink = await startSmtpSink({ database, clock, port: 0 });
  const mailer = smtpMailer({
    url: `smtp://127.0.0.1:${sink.port}`,
    from: config.mailFrom,
    logError: () => {},
  });
  const app = await buildApp({
    config,
    database,
    mailer,
    clock,
    mailbox: true,
    ...appExtra,
    captcha: altchaCaptcha({
      db: database.db,
      clock,
      hmacSecret: subKey(config.tokenSecret, 'altcha'),
      maxCounter: 200,
    }),
  });
  await app.ready();
  return {
    app,
    config,
    database,
    clock,
    mailer,
    async call<T, S>(service: string, method: string, body: unknown = {}, o: CallOptions = {}) {
      const res = await app.inject({
        method: 'POST',
        url: servicePath(service, method),
        ...(o.ip ? { remoteAddress: o.ip } : {}),
        headers: {
          'content-type': 'application/json',
          ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
          ...(o.scope ? { [SCOPE_HEADER]: JSON.stringify(o.scope) } : {}),
          ...o.headers,
        },
        payload: typeof body === 'string' ? body : JSON.stringify(body),
      });
      return { status: res.statusCode, d: (res.json() as ApiReply<T, S>).d };
    },
    async mails(to) {
      await mailer.flush();
      const res = await app.inject({ method: 'GET', url: `/dev/mailbox.json?to=${encodeURIComponent(to)}` });
      return res.json() as { subject: string; text: string }[];
    },
    async captcha() {
      const res = await app.inject({ method: 'GET', url: '/altcha/challenge' });
      const challenge = res.json() as Challenge;
      const solution = await solveChallenge({ challenge, deriveKey });
      return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    },
    async close() {
      await app.close();
      mailer.close();
      await sink.close();
      await drop();
    },
  };
}
