// Several server instances on one PostgreSQL (issue 15, 'Several instances'): two apps built with
// buildApp, each with its own connection pool, token service and caches, behind an imagined load
// balancer that sends a client's requests to either. Checks exactly what must hold across them:
// a per-IP limit counted once, a logout on A refused on B within SESSION_CACHE_MS, criteria saved
// on A seen on B, and a job both run at once (the KYC status-change mail) done once.
// Needs TEST_DATABASE_URL (CI provides it); without it the suite is skipped with a notice.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from './db/database.ts';
import { ManualClock } from './clock.ts';
import { startTestApp, type TestApp } from './testing/testApp.ts';
import { makeUser, type TestUser } from './testing/testUsers.ts';
import { backofficeFeature } from './backoffice/plugin.ts';
import { createKycFeature } from './kyc/plugin.ts';
import { sendKycStatusMails } from './kyc/notificationsKycStatus.ts';
import { Role } from './framework/roles.ts';
import { SESSION_CACHE_MS } from './auth/tokens.ts';
import { PURGE_LOCK, purgeExpired } from './auth/purge.ts';

const url = process.env.TEST_DATABASE_URL;
if (!url)
  console.warn(
    'instances.test.ts: SKIPPED - two server instances need a shared PostgreSQL; set TEST_DATABASE_URL',
  );

type Row = Record<string, unknown>;

/** A record's plain values (what a client edits and saves back; documents are uploaded apart). */
const scalars = (row: Row): Row =>
  Object.fromEntries(Object.entries(row).filter(([, v]) => v === null || typeof v !== 'object'));

const schema = `t_inst_${randomBytes(5).toString('hex')}`;
const clock = new ManualClock(new Date());
let dbA: Database;
let dbB: Database;
let a: TestApp;
let b: TestApp;
let alice: TestUser;
let reviewer: TestUser;

describe.skipIf(!url)('two server instances on one PostgreSQL', () => {
  beforeAll(async () => {
    // The test's schema first (CREATE SCHEMA IF NOT EXISTS races itself), then both instances
    // start at once, as instances behind a load balancer do (the migrations take a lock).
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`CREATE SCHEMA ${schema}`);
    await client.end();
    [dbA, dbB] = await Promise.all([
      openDatabase({ databaseUrl: url, pgSchema: schema }),
      openDatabase({ databaseUrl: url, pgSchema: schema }),
    ]);
    // One deployment: the same secrets, the same clock; the periodic mail sweep left idle (the
    // test runs it on both at once).
    const env = { TOKEN_SECRET: randomBytes(32).toString('hex'), DATA_KEY: randomBytes(32).toString('hex') };
    const features = [backofficeFeature, createKycFeature({ statusMailIntervalMs: 3_600_000 })];
    a = await startTestApp('postgres', env, { database: dbA, clock, features });
    b = await startTestApp('postgres', env, { database: dbB, clock, features });
    alice = await makeUser(a, 'alice@example.com', Role.borrower);
    reviewer = await makeUser(a, 'reviewer@payd.test', Role.kycReviewer);
  });

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await dbA?.close();
    await dbB?.close();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
  });

  sharedStateCases();
  sweepAndPurgeCases();
});

function sharedStateCases(): void {
  it('counts a per-IP limit across both: requests split between them hit it at the configured max', async () => {
    // SignUp allows 10 a minute per IP; the balancer alternates.
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const app = i % 2 ? b : a;
      statuses.push((await app.call('SignUp', 'SignUp', {}, { ip: '10.50.0.1' })).status);
    }
    expect(statuses.slice(0, 10).filter((s) => s === 429)).toEqual([]);
    expect(statuses[10]).toBe(429);
    // Either instance now refuses that address, and not another.
    expect((await a.call('SignUp', 'SignUp', {}, { ip: '10.50.0.1' })).status).toBe(429);
    expect((await b.call('SignUp', 'SignUp', {}, { ip: '10.50.0.2' })).status).toBe(400);
  });

  it('refuses on B, within SESSION_CACHE_MS, a session logged out on A', async () => {
    const user = await makeUser(a, 'leaver@example.com', Role.borrower);
    const me = (app: TestApp) => app.call('auth', 'GetCurrentUsrInfo', {}, user.as);
    // B has checked the token (and remembers the check).
    expect((await me(b)).status).toBe(200);
    expect((await me(a)).status).toBe(200);
    const out = await a.call('auth', 'Logout', {}, user.as);
    expect(out.d).toMatchObject({ status: 'success' });
    expect((await me(a)).status).toBe(401);
    clock.advance(SESSION_CACHE_MS);
    expect((await me(b)).status).toBe(401);
  });

  it('serves on B the criteria saved on A', async () => {
    const criteria = async (app: TestApp) =>
      (await app.call<Row[]>('KycPerson', 'GetScreenCriteria', {}, reviewer.as)).d.data![0]!.LastCriteria;
    const save = async (app: TestApp, value: string) =>
      expect(
        (await app.call('KycPerson', 'SetScreenCriteria', { criteriaValues: { 1: value } }, reviewer.as)).d
          .status,
      ).toBe('success');
    await save(b, 'P2');
    expect(await criteria(b)).toBe('P2');
    await save(a, 'AP');
    expect(await criteria(b)).toBe('AP');
    await save(a, '');
    expect(await criteria(b)).toBe('');
  });
}

function sweepAndPurgeCases(): void {
  it('mails a KYC status change once when both instances sweep at the same time', async () => {
    const saved = await a.call<{ mst: Row }>(
      'KycPerson',
      'SaveData',
      { mst: { KycPersonId15: '', Name15: 'Alice Liddell' } },
      alice.as,
    );
    expect(saved.d.status).toBe('success');
    const key = String(saved.d.data!.mst.KycPersonId15);
    const sweepBoth = () =>
      Promise.all(
        [
          [dbA, a],
          [dbB, b],
        ].map(([database, app]) =>
          sendKycStatusMails({
            db: (database as Database).db,
            clock,
            mailer: (app as TestApp).mailer,
            siteUrl: 'https://payd.test',
          }),
        ),
      );
    const statuses = ['P2', 'P3', 'AP', 'DE', 'P2', 'AP'];
    for (const [i, status] of statuses.entries()) {
      const app = i % 2 ? b : a;
      const rec = await app.call<Row>('KycPerson', 'GetKycPerson15ById', { keyId: key }, reviewer.as);
      const s = await app.call(
        'KycPerson',
        'SaveData',
        { mst: { ...scalars(rec.d.data!), InternalStatus15: status, Reason15: `change ${i}` } },
        reviewer.as,
      );
      expect(s.d, JSON.stringify(s.d)).toMatchObject({ status: 'success' });
      const sent = await sweepBoth();
      expect(sent[0]! + sent[1]!).toBe(1);
    }
    await Promise.all([a.mailer.flush(), b.mailer.flush()]);
    const mails = await dbA.query<{ subject: string }>(
      `SELECT subject FROM mails WHERE mail_to = 'alice@example.com' ORDER BY id`,
    );
    expect(mails).toHaveLength(statuses.length);
  });

  it('purges on one instance at a time (the other skips while one holds the purge lock)', async () => {
    await dbB.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${PURGE_LOCK})`);
      expect(await purgeExpired(dbA.db, clock.now())).toBe(false);
    });
    expect(await purgeExpired(dbA.db, clock.now())).toBe(true);
  });
}
