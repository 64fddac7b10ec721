// Opens the database: PostgreSQL through node-postgres when a URL is given, else embedded
// PGlite (a directory, or memory). Both get the same drizzle schema and the same migrations.
import { readdirSync, readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import * as schema from './schema.ts';
import { lockDirectory } from '@payd/dir-lock';
import { openGenericPool } from './genericPool.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs SQL text that may hold several statements (migrations). */
  exec(sqlText: string): Promise<void>;
  /** Runs one statement and returns its rows. */
  query<T = Record<string, unknown>>(sqlText: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when set, PGlite is not used. */
  databaseUrl?: string;
  /** PostgreSQL schema to use (created if missing); tests use one per suite. */
  pgSchema?: string;
  /** PGlite data directory; memory when undefined. */
  pgliteDir?: string;
  /**
   * Who opens a PGlite directory (`payd server`, `npm run admin`...), named to anyone who tries to
   * open it while this process has it: a directory is owned by one process at a time.
   */
  owner?: string;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  let database: Database;
  if (options.databaseUrl) {
    const schemaName = options.pgSchema;
    if (schemaName && !/^[a-z_][a-z0-9_]*$/.test(schemaName)) throw new Error('bad schema name');
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      ...(schemaName ? { options: `-c search_path=${schemaName}` } : {}),
    });
    // The statements that ask for a generic plan (framework/preparedQuery.ts) run on these.
    const genericPool = openGenericPool(pool, 5);
    if (schemaName) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schemaName}`);
    database = {
      db: drizzlePg(pool, { schema }) as unknown as Db,
      kind: 'postgres',
      exec: async (sqlText) => {
        const client = await pool.connect();
        try {
          await client.query(sqlText);
        } catch (err) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw err;
        } finally {
          client.release();
        }
      },
      query: async <T>(sqlText: string, params?: unknown[]) =>
        (await pool.query(sqlText, params)).rows as T[],
      close: async () => {
        await Promise.all([pool.end(), genericPool.end()]);
      },
    };
  } else {
    // PGlite is PostgreSQL in one process without its postmaster: a second process on the same files
    // corrupts them (a sign-up code refused, then no valid checkpoint after a kill). One owner only.
    const lock = options.pgliteDir
      ? lockDirectory(options.pgliteDir, {
          owner: options.owner ?? `process ${process.pid}`,
          what: 'the embedded database',
        })
      : undefined;
    const client = options.pgliteDir ? new PGlite(options.pgliteDir) : new PGlite();
    try {
      await client.waitReady;
    } catch (err) {
      lock?.release();
      throw err;
    }
    database = {
      db: drizzlePglite(client, { schema }) as unknown as Db,
      kind: 'pglite',
      exec: async (sqlText) => {
        try {
          await client.exec(sqlText);
        } catch (err) {
          await client.exec('ROLLBACK').catch(() => undefined);
          throw err;
        }
      },
      query: async <T>(sqlText: string, params?: unknown[]) => (await client.query<T>(sqlText, params)).rows,
      close: async () => {
        try {
          await client.close();
        } finally {
          lock?.release();
        }
      },
    };
  }
  try {
    await migrate(database);
  } catch (err) {
    await database.close().catch(() => undefined);
    throw err;
  }
  return database;
}

const migrationsDir = new URL('./migrations/', import.meta.url);

/** Applies every migrations/*.sql not yet applied, in name order, each in a transaction. */
export async function migrate(database: Database): Promise<string[]> {
  // Under the same lock as the files: instances starting together on a new database otherwise
  // race on CREATE TABLE IF NOT EXISTS (a duplicate key error in pg_type).
  const migrationLock = database.kind === 'postgres' ? 'SELECT pg_advisory_xact_lock(727384);' : '';
  await database.exec(
    `BEGIN; ${migrationLock} CREATE TABLE IF NOT EXISTS payd_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now()); COMMIT;`,
  );
  const files = readdirSync(migrationsDir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const applied: string[] = [];
  for (const file of files) {
    const text = readFileSync(new URL(file, migrationsDir), 'utf8');
    // One transaction per file; the advisory lock keeps several instances from racing.
    const lock = database.kind === 'postgres' ? 'SELECT pg_advisory_xact_lock(727384);' : '';
    const done = await database.query('SELECT 1 FROM payd_migrations WHERE name = $1', [file]);
    if (done.length) continue;
    await database
      .exec(
        `BEGIN; ${lock}
       DO $$ BEGIN IF EXISTS (SELECT 1 FROM payd_migrations WHERE name = '${file}') THEN RAISE EXCEPTION 'payd_migration_already_applied'; END IF; END $$;
       ${text}
       ;INSERT INTO payd_migrations (name) VALUES ('${file}'); COMMIT;`,
      )
      .catch((err: unknown) => {
        if (String(err).includes('payd_migration_already_applied')) return;
        throw err;
      });
    applied.push(file);
  }
  return applied;
}
