// What the API benches share: the server configuration of a bench, the API server started in a
// child process (so the load generator does not share its event loop) on embedded PGlite and, when
// it answers, on PostgreSQL in a schema of its own that is dropped after.
import { randomBytes } from 'node:crypto';
import { fork } from 'node:child_process';

export const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Server configuration of a bench: fresh secrets, any port, no web build, rate limits out of the way. */
export async function benchConfig() {
  const { loadConfig } = await import('../../server/src/config.ts');
  return loadConfig({
    TOKEN_SECRET: randomBytes(32).toString('hex'),
    DATA_KEY: randomBytes(32).toString('hex'),
    PORT: '0',
    WEB_DIST: '/nonexistent',
    // Per-IP limits would stop a single-machine load test after a few requests.
    RATE_LIMIT_FACTOR: '1000000',
  });
}

/** The mailer of a bench: sends nothing. */
export const nullMailer = { send() {}, async flush() {}, close() {} };

/**
 * Child process side: opens the target's database, runs `seed(database)` (which returns the id of
 * the user to sign in as and anything else the driver needs), serves the API with `features()` and
 * posts {url, token, seedMs, ...rest} to the parent; closes on the parent's 'close'.
 */
export async function serveBench({ databaseUrl, pgSchema }, { seed, features }) {
  const { buildApp } = await import('../../server/src/app.ts');
  const { openDatabase } = await import('../../server/src/db/database.ts');
  const { TokenService } = await import('../../server/src/auth/tokens.ts');
  const config = await benchConfig();
  const database = await openDatabase(databaseUrl ? { databaseUrl, pgSchema } : {});
  const t0 = performance.now();
  const { usrId, ...rest } = await seed(database);
  const seedMs = performance.now() - t0;
  const app = await buildApp({ config, database, mailer: nullMailer, features: await features() });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const tokens = new TokenService({
    db: database.db,
    clock: { now: () => new Date() },
    tokenSecret: config.tokenSecret,
    accessTokenTtl: 3600,
    issuer: 'payd',
  });
  const { access_token } = await tokens.startSession(usrId, 'password');
  process.once('message', async () => {
    await app.close();
    await database.close();
    process.send('closed', () => process.disconnect());
  });
  process.send({ url, token: access_token, seedMs, ...rest });
}

/**
 * Parent side: for PGlite, then PostgreSQL at PG_URL if it answers (schema `${schemaPrefix}_<pid>`),
 * forks `benchFile` (which calls serveBench when BENCH_SERVE is set), awaits what the server posts,
 * runs `drive(targetName, ready)`, closes the server and drops the schema. Returns whether any
 * drive returned true (failed).
 */
export async function runOnEachDatabase(benchFile, schemaPrefix, drive) {
  const targets = [{ name: 'PGlite (embedded, in memory)' }];
  if (await postgresAnswers(PG_URL))
    targets.push({
      name: `PostgreSQL (${PG_URL})`,
      databaseUrl: PG_URL,
      pgSchema: `${schemaPrefix}_${process.pid}`,
    });
  else console.log(`(PostgreSQL at ${PG_URL} does not answer: PGlite only)`);
  let failed = false;
  for (const target of targets) {
    const server = fork(benchFile, {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, BENCH_SERVE: JSON.stringify(target) },
    });
    try {
      const ready = await new Promise((resolve, reject) => {
        server.once('message', resolve);
        server.once('error', reject);
        server.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
      });
      failed = (await drive(target.name, ready)) || failed;
      const closed = new Promise((resolve) => server.once('message', resolve));
      server.send('close');
      await closed;
    } finally {
      if (server.exitCode === null) server.kill();
      if (target.pgSchema) await dropSchema(PG_URL, target.pgSchema);
    }
  }
  return failed;
}

/** Whether PostgreSQL answers at the URL (within 3 s). */
async function postgresAnswers(url) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function dropSchema(url, schema) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await client.end();
}
