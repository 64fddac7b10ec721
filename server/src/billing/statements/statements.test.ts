// Monthly statements on the database: the figures equal the records (validator history, top-ups,
// charges); statements are made only after the month ends and once, also when two generators run
// at once; a download link works for its owner only and only until it expires.
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StatementMessages, servicePath, type StakeStmtRow } from '@payd/schemas';
import { TokenService } from '../../auth/tokens.ts';
import { startTestApp, testDatabaseKinds, type TestApp } from '../../testing/testApp.ts';
import { Role } from '../../framework/roles.ts';
import { makeUser, type TestUser } from '../../testing/testUsers.ts';
import { createStatementsFeature } from './plugin.ts';
import { generateMonth, generateStatement } from './generate.ts';
import { LINK_TTL_MS } from './links.ts';

const ADDR = '0x00000000000000000000000000000000000000b2';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let operator: TestUser;
let v: number[];
let seq: number;

/** The billing clock (the dev chain's on chain 88); the server clock stays at 1 December. */
let billingAt: Date;

const history = (validator: number, col: string, amt: string, at: string) =>
  t.database.query(
    `INSERT INTO eth_tx_history (eth2_wallet_id, eth2_validator_id, usr_id, tx_kind, source_key, ${col}, time_stamp, tx_status_cd)
     SELECT eth2_wallet_id, eth2_validator_id, usr_id, 'test', $2, $3::numeric, $4, 'S' FROM eth2_validator
     WHERE eth2_validator_id = $1`,
    [validator, String(seq++), amt, at],
  );

const pay = (usrId: number, type: string, amt: string, credits: string, at: string) =>
  t.database.query(
    `INSERT INTO stake_payment (pmt_type_cd, pmt_amt, credit_amt, pmt_status_cd, paid_on, usr_id, stripe_ref, tx_hash)
     VALUES ($1, $2::numeric, $3::numeric, 'S', $4, $5, $6, $7)`,
    [
      type,
      amt,
      credits,
      at,
      usrId,
      type === 'C' ? `pi_${seq++}` : null,
      type === 'C' ? null : `0x${String(seq++).padStart(64, '0')}`,
    ],
  );

const charge = (validator: number, from: string, to: string, amt: string) =>
  t.database.query(
    `INSERT INTO stake_charge (usr_id, eth2_validator_id, charge_day, credit_amt)
     SELECT usr_id, eth2_validator_id, d::date, $4::numeric FROM eth2_validator,
       generate_series($2::date, $3::date, interval '1 day') d
     WHERE eth2_validator_id = $1`,
    [validator, from, to, amt],
  );

const list = async (user: TestUser, body: object = {}) => {
  const r = await t.call<StakeStmtRow[]>('StakeStmt', 'GetStakeStmt5List', body, user.as);
  expect(r.d.status, r.d.message).toBe('success');
  return r.d.data!;
};

const link = (user: TestUser, method: string, keyId: unknown) =>
  t.call<{ url: string; inline: boolean }>('StakeStmt', method, { keyId }, user.as);

/** A link asked for in the session of `token`, with the cookie its reply set (as a browser keeps it). */
const linkInSession = async (token: string, method: string, keyId: unknown) => {
  const res = await t.app.inject({
    method: 'POST',
    url: servicePath('StakeStmt', method),
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    payload: JSON.stringify({ keyId }),
  });
  expect(res.statusCode).toBe(200);
  const setCookie = String(res.headers['set-cookie'] ?? '');
  return {
    url: (res.json() as { d: { data: { url: string } } }).d.data.url,
    setCookie,
    cookie: setCookie.split(';')[0]!,
  };
};

/** Another signed-in session of `user` (another browser), its access token. */
const anotherSession = async (user: TestUser) => {
  const tokens = new TokenService({
    db: t.database.db,
    clock: t.clock,
    tokenSecret: t.config.tokenSecret,
    accessTokenTtl: t.config.accessTokenTtl,
    issuer: 'payd',
  });
  return (await tokens.startSession(user.usrId, 'password')).access_token;
};

const open = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

const get = (url: string, user?: TestUser) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: user ? { authorization: `Bearer ${user.token}` } : {},
  });

describe.each(testDatabaseKinds)('monthly statements on %s', (kind) => {
  beforeAll(async () => {
    seq = 0;
    billingAt = new Date('2026-11-25T12:00:00Z');
    t = await startTestApp(
      kind,
      {},
      { features: [createStatementsFeature({ jobEveryMs: 0, now: async () => billingAt })] },
    );
    t.clock.advance(Date.parse('2026-12-01T00:30:00Z') - t.clock.now().getTime());
    alice = await makeUser(t, 'alice@example.com', Role.borrower);
    const [w] = await t.database.query<{ id: number }>(
      `INSERT INTO eth2_wallet (usr_id, network_id, eth1_withdrawal_addr) VALUES ($1, '88', $2)
       RETURNING eth2_wallet_id AS id`,
      [alice.usrId, ADDR],
    );
    const vs = await t.database.query<{ id: number }>(
      `INSERT INTO eth2_validator (eth2_wallet_id, usr_id, idx, validator_status_cd, pub_key, validator_index)
       SELECT $1, $2, g, '3', '0x' || lpad(to_hex(g + 160), 96, '0'), 40 + g FROM generate_series(0, 1) g
       RETURNING eth2_validator_id AS id`,
      [w!.id, alice.usrId],
    );
    v = vs.map((x) => Number(x.id));
    // October: both deposit 32 ETH; a reward. November: rewards, a proposal, a withdrawal.
    // December: a reward that no November figure may hold.
    await history(v[0]!, 'stake_amt', '32', '2026-10-20T08:00:00Z');
    await history(v[1]!, 'stake_amt', '32', '2026-10-20T08:00:00Z');
    await history(v[0]!, 'stake_reward_amt', '0.001000000000000001', '2026-10-31T23:59:59Z');
    await history(v[0]!, 'stake_reward_amt', '0.002', '2026-11-01T00:00:00Z');
    await history(v[0]!, 'stake_reward_amt', '-0.000000000000000003', '2026-11-15T00:00:00Z');
    await history(v[1]!, 'stake_reward_amt', '0.004', '2026-11-30T23:59:59.999Z');
    await history(v[1]!, 'mining_reward_amt', '0.0005', '2026-11-10T00:00:00Z');
    await history(v[1]!, 'mev_reward_amt', '0.0007', '2026-11-10T00:00:00Z');
    await history(v[0]!, 'withdraw_amt', '-0.0025', '2026-11-20T00:00:00Z');
    await history(v[0]!, 'stake_reward_amt', '9', '2026-12-01T00:00:00Z');
    // Credits: 100 in October, 50.50 and 0.10 in November, 7 in December; 1.25 a validator-day.
    await pay(alice.usrId, 'E', '0.04', '100', '2026-10-20T09:00:00Z');
    await pay(alice.usrId, 'C', '50.5', '50.50', '2026-11-03T10:00:00Z');
    await pay(alice.usrId, 'T', '0.125', '0.10', '2026-11-30T23:59:59Z');
    await pay(alice.usrId, 'C', '7', '7.00', '2026-12-01T00:00:00Z');
    await charge(v[0]!, '2026-10-21', '2026-11-30', '1.25');
    await charge(v[1]!, '2026-10-21', '2026-11-10', '1.25');
  });

  afterAll(async () => {
    await t?.close();
  });

  monthlyListCases();
  pdfAndSessionCases();
  zipAndConcurrencyCases();
});

function monthlyListCases(): void {
  it("makes a month's statements only after the month ends", async () => {
    await charge(v[0]!, '2026-12-01', '2026-12-01', '1.25');
    expect((await list(alice)).map((r) => [r.StmtLabel8, r.StmtTypeCd8])).toEqual([
      ['Oct 2026', 'R'],
      ['Oct 2026', 'A'],
    ]);
  });

  it('after the month ends, lists one row a month and kind with the records as figures', async () => {
    // 1 December 00:30 by the billing clock: November's charges are in (a 1 December charge exists)
    // and the beacon sync passed the month's end.
    billingAt = new Date('2026-12-01T00:30:00Z');
    bob = await makeUser(t, 'bob@example.com', Role.borrower);
    operator = await makeUser(t, 'op@example.com', Role.operator);
    await t.database.query(`UPDATE eth2_wallet SET beacon_head_utc = '2026-12-01T00:10:00Z'`);
    const rows = await list(alice);
    expect(rows.map((r) => [r.StmtLabel8, r.StmtTypeCd8])).toEqual([
      ['Nov 2026', 'R'],
      ['Nov 2026', 'A'],
      ['Oct 2026', 'R'],
      ['Oct 2026', 'A'],
    ]);
    const novR = rows[0]!.Summary8 as {
      validators: Record<string, unknown>[];
      total: Record<string, unknown>;
    };
    expect(
      novR.validators.map((x) => [
        x.opening,
        x.consensusRewards,
        x.executionRewards,
        x.feesRewards,
        x.mevRewards,
        x.withdrawals,
        x.closing,
      ]),
    ).toEqual([
      [
        '32.001000000000000001',
        '0.001999999999999997',
        '0.000000000000000000',
        '0.000000000000000000',
        '0.000000000000000000',
        '-0.002500000000000000',
        '32.000499999999999998',
      ],
      [
        '32.000000000000000000',
        '0.004000000000000000',
        '0.001200000000000000',
        '0.000500000000000000',
        '0.000700000000000000',
        '0.000000000000000000',
        '32.004000000000000000',
      ],
    ]);
    expect(novR.total.closing).toBe('64.004499999999999998');
    // Opening 100 - 11 days x 2 validators x 1.25 = 72.50; top-ups 50.60; charges (30 + 10) x 1.25.
    expect(rows[1]!.Summary8).toEqual({
      opening: '72.50',
      topUps: '50.60',
      charges: '50.00',
      closing: '73.10',
    });
    expect(rows[3]!.Summary8).toEqual({
      opening: '0.00',
      topUps: '100.00',
      charges: '27.50',
      closing: '72.50',
    });
    // Another customer sees none of them; an operator sees them by customer.
    expect(await list(bob)).toEqual([]);
    expect(
      (await list(operator, { UsrId8: alice.usrId, StmtTypeCd8: 'A' })).map((r) => r.StmtLabel8),
    ).toEqual(['Nov 2026', 'Oct 2026']);
  });

  it('serves the owner a PDF inline through a short-lived link, and nobody else', async () => {
    const [novR] = await list(alice, { StmtTypeCd8: 'R' });
    const r = await link(alice, 'GetDownloadLink', novR!.StmtId8);
    expect(r.d.status, r.d.message).toBe('success');
    const { url, inline } = r.d.data!;
    expect(inline).toBe(true);
    const res = await get(url, alice);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('inline; filename="Reward Statement 2026-11.pdf"');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Bob may not ask for Alice's statement, nor use her link.
    const denied = await link(bob, 'GetDownloadLink', novR!.StmtId8);
    expect(denied.status).toBe(403);
    expect(denied.d.status).toBe('failed');
    const stolen = await get(url, bob);
    expect(stolen.statusCode).toBe(403);
    expect(stolen.body).toBe(StatementMessages.linkRefused);
    // A link whose token was changed to name Bob is refused.
    const token = url.split('?t=').pop()!;
    const [body, mac] = token.split('.');
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, usrId: bob.usrId })).toString('base64url');
    expect((await get(url.replace(token, `${forged}.${mac}`))).statusCode).toBe(403);
    // An expired link is refused.
    t.clock.advance(LINK_TTL_MS);
    const late = await get(url);
    expect(late.statusCode).toBe(403);
    expect(late.body).toBe(StatementMessages.linkExpired);
  });
}

function pdfAndSessionCases(): void {
  it("prints a charge line for every charged day of the month, the last day's too, adding up to the total", async () => {
    const [doc] = await t.database.query<{ d: Uint8Array }>(
      `SELECT stmt_doc AS d FROM stake_stmt WHERE usr_id = $1 AND stmt_type_cd = 'A' AND stmt_month = '2026-11-01'`,
      [alice.usrId],
    );
    const pdf = await getDocumentProxy(new Uint8Array(doc!.d));
    const text = (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, ' ');
    expect(text).toContain('Charges 50.00 CR');
    // Each day with the effective balance its fees were for (issue 25; charges written as before
    // 0295 were for 32 ETH each).
    expect(text).toContain('per 32 ETH of effective balance');
    const lines = [
      ...text.matchAll(/(2026-11-\d\d) (\d+) validator\(s\), (\d+) ETH effective balance (\d+\.\d\d) CR/g),
    ];
    // 1 to 10 November: both validators; 11 to 30 November: one.
    expect(lines.map((m) => m[1])).toEqual(
      Array.from({ length: 30 }, (_, i) => `2026-11-${String(i + 1).padStart(2, '0')}`),
    );
    expect(lines[0]!.slice(1, 4)).toEqual(['2026-11-01', '2', '64']);
    expect(lines.at(-1)!.slice(1)).toEqual(['2026-11-30', '1', '32', '1.25']);
    const cents = lines.reduce((sum, m) => sum + Math.round(Number(m[4]) * 100), 0);
    expect(cents).toBe(5000);
  });

  it('serves a link only to the session that asked: its browser tab (the cookie) or its Bearer token', async () => {
    const [novR] = await list(alice, { StmtTypeCd8: 'R' });
    const mine = await linkInSession(alice.token, 'GetDownloadLink', novR!.StmtId8);
    expect(mine.setCookie).toMatch(
      /^payd_stmt=[\w-]+; Path=\/webservices\/StakeStmtWs\.asmx\/Download; Max-Age=300; HttpOnly; SameSite=Lax$/,
    );
    // The new tab of the session that asked sends the cookie and no Bearer header: the PDF.
    const tab = await open(mine.url, { cookie: `other=1; ${mine.cookie}` });
    expect(tab.statusCode).toBe(200);
    expect(tab.headers['content-type']).toBe('application/pdf');
    // Without sign-in (the link copied elsewhere): refused, saying why.
    for (const headers of [{}, { cookie: 'payd_stmt=forged' }] as Record<string, string>[]) {
      const bare = await open(mine.url, headers);
      expect(bare.statusCode).toBe(403);
      expect(bare.body).toBe(StatementMessages.linkOtherSession);
    }
    // Another session of the same customer: refused by its Bearer token and by its own cookie.
    const other = await anotherSession(alice);
    const byToken = await open(mine.url, { authorization: `Bearer ${other}` });
    expect(byToken.statusCode).toBe(403);
    expect(byToken.body).toBe(StatementMessages.linkOtherSession);
    const theirs = await linkInSession(other, 'GetDownloadLink', novR!.StmtId8);
    expect((await open(mine.url, { cookie: theirs.cookie })).statusCode).toBe(403);
    expect((await open(theirs.url, { cookie: theirs.cookie })).statusCode).toBe(200);
    // The session that asked ended (signed out): its link and cookie stop working.
    const claimsOf = (url: string) =>
      JSON.parse(Buffer.from(url.split('?t=')[1]!.split('.')[0]!, 'base64url').toString()) as {
        sessionId: string;
      };
    await t.database.query(`UPDATE sessions SET revoked_at = now() WHERE id = $1`, [
      claimsOf(theirs.url).sessionId,
    ]);
    const ended = await open(theirs.url, { cookie: theirs.cookie });
    expect(ended.statusCode).toBe(403);
    expect(ended.body).toBe(StatementMessages.linkOtherSession);
  });
}

function zipAndConcurrencyCases(): void {
  it('zips the chosen statements for their owner', async () => {
    const ids = (await list(alice)).filter((r) => r.StmtLabel8 === 'Nov 2026').map((r) => r.StmtId8);
    const r = await linkInSession(alice.token, 'GetDocZipDownload', ids);
    const res = await open(r.url, { cookie: r.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const text = res.rawPayload.toString('latin1');
    expect(text).toContain('Reward Statement 2026-11.pdf');
    expect(text).toContain('Account Statement 2026-11.pdf');
    expect((await link(bob, 'GetDocZipDownload', ids)).status).toBe(403);
  });

  it('stores one statement when two generators run at once', async () => {
    await t.database.query(`DELETE FROM stake_stmt`);
    const now = t.clock.now();
    const made = await Promise.all([
      generateStatement(t.database.db, alice.usrId, 'A', '2026-11-01', now),
      generateStatement(t.database.db, alice.usrId, 'A', '2026-11-01', now),
      generateMonth(t.database.db, '2026-11-01', now),
      generateMonth(t.database.db, '2026-11-01', now),
    ]);
    expect(made.slice(0, 2).filter(Boolean).length + made[2]!.made + made[3]!.made).toBe(2);
    const [n] = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM stake_stmt WHERE stmt_month = '2026-11-01'`,
    );
    expect(n!.n).toBe(2);
  });
}
