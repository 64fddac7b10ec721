// The embedded default's admin endpoint: loopback only, the token from the 0600 file or nothing,
// bodies validated with the field named.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../db/database.ts';
import { users } from '../db/schema.ts';
import {
  ADMIN_ENDPOINT_FILE,
  createStaffThroughServer,
  readAdminEndpoint,
  startAdminEndpoint,
  type AdminEndpoint,
} from './endpoint.ts';

const dir = mkdtempSync(join(tmpdir(), 'payd-admin-'));
let database: Database;
let endpoint: AdminEndpoint;

beforeAll(async () => {
  database = await openDatabase({});
  endpoint = await startAdminEndpoint({ database, dir });
});
afterAll(async () => {
  await endpoint.close();
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('admin endpoint', () => {
  it('tells the local user only where it is and its token', () => {
    const info = readAdminEndpoint(dir)!;
    expect(info.pid).toBe(process.pid);
    expect(info.port).toBe(endpoint.port);
    expect(statSync(join(dir, ADMIN_ENDPOINT_FILE)).mode & 0o777).toBe(0o600);
  });

  it('refuses a caller without the token', async () => {
    const post = (authorization?: string) =>
      fetch(`http://127.0.0.1:${endpoint.port}/create-staff`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
        body: JSON.stringify({ email: 'x@example.com', role: 'admin', password: 'Passw0rd-long!' }),
      });
    expect((await post()).status).toBe(401);
    expect((await post('Bearer wrong')).status).toBe(401);
    expect(await database.db.select().from(users).where(eq(users.usrName, 'x@example.com'))).toEqual([]);
  });

  it('creates a staff user, and names the field of a bad body', async () => {
    const info = readAdminEndpoint(dir)!;
    const bad = await createStaffThroughServer(info, { email: 'y@example.com', role: 'king', password: 'x' });
    expect(bad).toMatchObject({ ok: false, field: 'role' });
    const good = await createStaffThroughServer(info, {
      email: 'Y@example.com',
      role: 'operator',
      password: 'Operat0r-pass!',
    });
    expect(good).toMatchObject({ ok: true, created: true });
    const [row] = await database.db.select().from(users).where(eq(users.usrName, 'y@example.com'));
    expect(row?.role).toBe(good.ok ? good.role : -1);
  });

  it('listens on the loopback interface only', async () => {
    const { networkInterfaces } = await import('node:os');
    const outside = Object.values(networkInterfaces())
      .flat()
      .find((a) => a && a.family === 'IPv4' && !a.internal);
    if (!outside) return;
    const refused = await fetch(`http://${outside.address}:${endpoint.port}/create-staff`, {
      method: 'POST',
    }).catch(() => 'refused');
    expect(refused).toBe('refused');
  });
});
