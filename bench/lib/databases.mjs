// The databases a database bench runs on: PGlite in memory, then PostgreSQL at PG_URL in a
// throw-away schema when it answers. `run(label, open)` is the bench's own; it returns true when
// it failed, and `open()` gives { database, close }.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { PG_URL } from './server.mjs';

async function postgresAnswers(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** Runs `run` on PGlite and, when it answers, on PostgreSQL; true when any run failed. */
export async function onEachDatabase(schemaPrefix, run) {
  const { openDatabase } = await import('../../server/src/db/database.ts');
  let failed = await run('PGlite (embedded, in memory)', async () => {
    const database = await openDatabase({});
    return { database, close: () => database.close() };
  });
  if (!(await postgresAnswers(PG_URL))) {
    console.log(`(PostgreSQL at ${PG_URL} does not answer: PGlite only)`);
    return failed;
  }
  const schema = `${schemaPrefix}_${randomBytes(4).toString('hex')}`;
  failed =
    (await run(`PostgreSQL (${PG_URL})`, async () => {
      const database = await openDatabase({ databaseUrl: PG_URL, pgSchema: schema });
      return {
        database,
        close: async () => {
          await database.close();
          const client = new pg.Client({ connectionString: PG_URL });
          await client.connect();
          await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
          await client.end();
        },
      };
    })) || failed;
  return failed;
}
