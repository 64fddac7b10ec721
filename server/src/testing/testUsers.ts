// Test helper: accounts of any role with a live session, made directly in the database (staff
// exactly as the admin command makes them), so API tests skip the sign-up round trips.
import { TokenService } from '../auth/tokens.ts';
import { users } from '../db/schema.ts';
import type { CallOptions, TestApp } from './testApp.ts';

export interface TestUser {
  usrId: number;
  email: string;
  role: number;
  token: string;
  /** Options for TestApp.call carrying this user's token. */
  as: CallOptions;
}

export async function makeUser(t: TestApp, email: string, role: number): Promise<TestUser> {
  const now = t.clock.now();
  const [row] = await t.database.db
    .insert(users)
    .values({
      usrName: email,
      passwordHash: 'not-a-password-hash',
      role,
      createdAt: now,
      passwordChangedAt: now,
    })
    .returning({ usrId: users.usrId });
  const tokens = new TokenService({
    db: t.database.db,
    clock: t.clock,
    tokenSecret: t.config.tokenSecret,
    accessTokenTtl: t.config.accessTokenTtl,
    issuer: 'payd',
  });
  const set = await tokens.startSession(row!.usrId, 'password');
  return { usrId: row!.usrId, email, role, token: set.access_token, as: { token: set.access_token } };
}

/** Row count of a table, to show that a refused call wrote nothing. */
export async function countRows(t: TestApp, table: string): Promise<number> {
  if (!/^[a-z_]+$/.test(table)) throw new Error('bad table');
  const r = await t.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
  return Number(r[0]!.n);
}
