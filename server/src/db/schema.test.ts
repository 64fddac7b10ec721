// The drizzle definitions (schema.ts) against the tables the migrations make: the migrations are
// the source of the schema, so a table, column, type, nullability or primary key that differs fails.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { is } from 'drizzle-orm';
import { bigint, getTableConfig, integer, PgTable, pgTable, text, type PgColumn } from 'drizzle-orm/pg-core';
import * as schema from './schema.ts';
import type { Database } from './database.ts';
import { openTestDatabase, testDatabaseKinds } from '../testing/testApp.ts';

/** A column as information_schema describes it. */
interface DatabaseColumn {
  table_name: string;
  column_name: string;
  data_type: string;
  is_nullable: 'YES' | 'NO';
  numeric_precision: number | null;
  numeric_scale: number | null;
  character_maximum_length: number | null;
  column_default: string | null;
  is_identity: 'YES' | 'NO';
}

interface DatabaseShape {
  columns: DatabaseColumn[];
  /** Primary key columns per table, in key order. */
  primaryKeys: Map<string, string[]>;
}

/** The migration runner's own bookkeeping (db/database.ts migrate), not part of the schema. */
const BOOKKEEPING_TABLES = new Set(['payd_migrations']);

/** The migrated database's tables (views such as stake_agent are not tables) in the current schema. */
async function readDatabase(database: Database): Promise<DatabaseShape> {
  const columns = await database.query<DatabaseColumn>(
    `SELECT c.table_name, c.column_name, c.data_type, c.is_nullable, c.numeric_precision::int AS numeric_precision,
            c.numeric_scale::int AS numeric_scale, c.character_maximum_length::int AS character_maximum_length,
            c.column_default, c.is_identity
       FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
      ORDER BY c.table_name, c.ordinal_position`,
  );
  const keys = await database.query<{ table_name: string; column_name: string }>(
    `SELECT k.table_name, k.column_name
       FROM information_schema.table_constraints tc
       JOIN information_schema.key_column_usage k
         ON k.constraint_schema = tc.constraint_schema AND k.constraint_name = tc.constraint_name
      WHERE tc.table_schema = current_schema() AND tc.constraint_type = 'PRIMARY KEY'
      ORDER BY k.table_name, k.ordinal_position`,
  );
  const primaryKeys = new Map<string, string[]>();
  for (const k of keys)
    primaryKeys.set(k.table_name, [...(primaryKeys.get(k.table_name) ?? []), k.column_name]);
  return {
    columns: columns.filter((c) => !BOOKKEEPING_TABLES.has(c.table_name)),
    primaryKeys,
  };
}

/** information_schema's type name, written as drizzle writes it. */
function databaseType(c: DatabaseColumn): string {
  if (c.data_type === 'numeric' && c.numeric_precision !== null) {
    return `numeric(${c.numeric_precision}, ${c.numeric_scale ?? 0})`;
  }
  if (c.data_type === 'character varying') {
    return c.character_maximum_length === null ? 'varchar' : `varchar(${c.character_maximum_length})`;
  }
  if (c.data_type === 'character') return `char(${c.character_maximum_length ?? 1})`;
  return c.data_type;
}

/** drizzle's type name without its shorthands: a serial is an integer with a sequence. */
function drizzleType(column: PgColumn): string {
  const type = column.getSQLType();
  const serials: Record<string, string> = { smallserial: 'smallint', serial: 'integer', bigserial: 'bigint' };
  if (serials[type]) return serials[type];
  const numeric = /^numeric\((\d+)\)$/.exec(type);
  if (numeric) return `numeric(${numeric[1]}, 0)`;
  return type;
}

/** How a column's values are made when an insert leaves it out: a sequence, an identity, or neither. */
function databaseKeyGeneration(c: DatabaseColumn): string {
  if (c.is_identity === 'YES') return 'identity';
  return c.column_default?.startsWith('nextval(') ? 'serial' : 'none';
}

function drizzleKeyGeneration(column: PgColumn): string {
  if (column.generatedIdentity) return 'identity';
  return /serial$/.test(column.getSQLType()) ? 'serial' : 'none';
}

/** Every difference between the definitions and the database, one readable line each. */
function schemaDrift(database: DatabaseShape, tables: PgTable[]): string[] {
  const problems: string[] = [];
  const defined = new Map(tables.map((t) => [getTableConfig(t).name, getTableConfig(t)]));
  const migrated = new Map<string, Map<string, DatabaseColumn>>();
  for (const c of database.columns) {
    migrated.set(
      c.table_name,
      (migrated.get(c.table_name) ?? new Map<string, DatabaseColumn>()).set(c.column_name, c),
    );
  }
  for (const name of migrated.keys()) {
    if (!defined.has(name)) problems.push(`${name}: migrated table has no drizzle definition`);
  }
  for (const [name, config] of defined) {
    const columns = migrated.get(name);
    if (!columns) {
      problems.push(`${name}: defined in drizzle, not created by the migrations`);
      continue;
    }
    const definedNames = new Set(config.columns.map((c) => c.name));
    for (const column of columns.keys()) {
      if (!definedNames.has(column)) problems.push(`${name}.${column}: migrated column missing in drizzle`);
    }
    for (const column of config.columns) {
      const c = columns.get(column.name);
      const at = `${name}.${column.name}`;
      if (!c) {
        problems.push(`${at}: defined in drizzle, not created by the migrations`);
        continue;
      }
      if (drizzleType(column) !== databaseType(c)) {
        problems.push(`${at}: type ${drizzleType(column)} in drizzle, ${databaseType(c)} in the migrations`);
      }
      const nullable = c.is_nullable === 'YES';
      if (column.notNull === nullable) {
        const says = (n: boolean) => (n ? 'nullable' : 'not null');
        problems.push(`${at}: ${says(!column.notNull)} in drizzle, ${says(nullable)} in the migrations`);
      }
      if (drizzleKeyGeneration(column) !== databaseKeyGeneration(c)) {
        problems.push(
          `${at}: generated by ${drizzleKeyGeneration(column)} in drizzle, ${databaseKeyGeneration(c)} in the migrations`,
        );
      }
    }
    const definedKey = [
      ...config.columns.filter((c) => c.primary).map((c) => c.name),
      ...config.primaryKeys.flatMap((k) => k.columns.map((c) => c.name)),
    ];
    const migratedKey = database.primaryKeys.get(name) ?? [];
    if (definedKey.join(', ') !== migratedKey.join(', ')) {
      problems.push(
        `${name}: primary key (${definedKey.join(', ')}) in drizzle, (${migratedKey.join(', ')}) in the migrations`,
      );
    }
  }
  return problems;
}

const definedTables = (Object.values(schema) as unknown[]).filter((value): value is PgTable =>
  is(value, PgTable),
);

describe.each(testDatabaseKinds)('drizzle schema against the migrations on %s', (kind) => {
  let drop: () => Promise<void>;
  let shape: DatabaseShape;
  beforeAll(async () => {
    const opened = await openTestDatabase(kind);
    drop = opened.drop;
    shape = await readDatabase(opened.database);
  });
  afterAll(() => drop());

  it('defines every migrated table with its columns, types, nullability and primary key', () => {
    expect(schemaDrift(shape, definedTables)).toEqual([]);
  });

  it('names the table and column of each difference', () => {
    const counters: DatabaseShape = {
      columns: shape.columns.filter((c) => c.table_name === 'counters'),
      primaryKeys: shape.primaryKeys,
    };
    // As migrated: key text PRIMARY KEY, count integer NOT NULL, window_start timestamptz NOT NULL.
    const drifted = pgTable('counters', {
      key: text('key'),
      count: bigint('count', { mode: 'number' }).notNull(),
      spare: integer('spare'),
    });
    expect(schemaDrift(counters, [drifted])).toEqual([
      'counters.window_start: migrated column missing in drizzle',
      'counters.key: nullable in drizzle, not null in the migrations',
      'counters.count: type bigint in drizzle, integer in the migrations',
      'counters.spare: defined in drizzle, not created by the migrations',
      'counters: primary key () in drizzle, (key) in the migrations',
    ]);
    expect(schemaDrift(counters, [pgTable('counter', { key: text('key').primaryKey() })])).toEqual([
      'counters: migrated table has no drizzle definition',
      'counter: defined in drizzle, not created by the migrations',
    ]);
  });
});
