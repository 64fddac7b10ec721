// Named prepared statements: the same rows as the statement run unnamed, on both databases, and
// the session's plan mode left as it was, whatever the statement did.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKinds } from '../testing/testApp.ts';
import type { Database } from '../db/database.ts';
import { preparedRows } from './preparedQuery.ts';
import { rows } from './sqlText.ts';

describe.each(testDatabaseKinds)('preparedRows on %s', (kind) => {
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase(kind));
    await database.exec(`CREATE TABLE t_prepared (id integer PRIMARY KEY, name text, born date);
      INSERT INTO t_prepared VALUES (1, 'Ann', '2001-02-03'), (2, 'Ben', NULL), (3, 'O''Neil', '1999-12-31');`);
  });
  afterAll(() => drop());

  const byName = (name: string | null, from: number) =>
    sql`SELECT id, name, born, count(*) OVER ()::int AS n FROM t_prepared
        WHERE (${name}::text IS NULL OR name = ${name}) AND id >= ${from} ORDER BY id`;

  it('returns the rows and values the unnamed statement returns, call after call', async () => {
    for (const [name, from] of [
      [null, 1],
      ["O'Neil", 1],
      ['Ann', 2],
      [null, 2],
    ] as const) {
      const expected = await rows(database.db, byName(name, from));
      expect(await preparedRows(database.db, byName(name, from))).toEqual(expected);
      expect(await preparedRows(database.db, byName(name, from), { generic: true })).toEqual(expected);
    }
  });

  it('leaves the plan mode as it was after a generic statement, also one that fails', async () => {
    const mode = async () =>
      (await database.query<{ m: string }>(`SELECT current_setting('plan_cache_mode') AS m`))[0]!.m;
    await preparedRows(database.db, byName('Ann', 1), { generic: true });
    expect(await mode()).toBe('auto');
    const failing = sql`SELECT ${'not a number'}::int AS n, count(*) FROM t_prepared`;
    await expect(preparedRows(database.db, failing, { generic: true })).rejects.toThrow(
      /invalid input syntax/,
    );
    expect(await mode()).toBe('auto');
    expect(await preparedRows(database.db, byName('Ben', 1), { generic: true })).toEqual([
      { id: 2, name: 'Ben', born: null, n: 1 },
    ]);
  });

  it('plans a generic statement in the generic mode and any other in the session default', async () => {
    const planMode = (id: number) =>
      sql`SELECT current_setting('plan_cache_mode') AS m FROM t_prepared WHERE id = ${id}`;
    expect(await preparedRows(database.db, planMode(1), { generic: true })).toEqual([
      { m: 'force_generic_plan' },
    ]);
    expect(await preparedRows(database.db, planMode(1))).toEqual([{ m: 'auto' }]);
  });

  it('runs inside a transaction as the transaction, seeing its own writes', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO t_prepared VALUES (4, 'Dee', NULL)`);
        expect((await preparedRows(tx, byName('Dee', 1))).map((r) => r.id)).toEqual([4]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await preparedRows(database.db, byName('Dee', 1))).toEqual([]);
  });

  it.runIf(kind === 'pglite')('prepares a statement again when the session dropped it', async () => {
    await preparedRows(database.db, byName('Ann', 1));
    await database.exec('DEALLOCATE ALL');
    expect((await preparedRows(database.db, byName('Ann', 1))).map((r) => r.id)).toEqual([1]);
  });
});
