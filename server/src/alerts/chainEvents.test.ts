// The alert job's events read from what the validator sync recorded, on PGlite and PostgreSQL: a
// validator the beacon chain slashed (the sync keeps the time it first saw the flag) and a top-up the
// beacon balance now holds (the sync marks it credited) are each told once, with a link to the
// validator's manage page; a second pass writes nothing; a customer who turned the kind off is sent
// nothing. A new validator's deposit is told once when the registry first holds it, while it waits,
// and once when the sync judged it dropped (no validator made of it).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { alertText, DEFAULT_ALERT_PREFERENCES, manageValidatorPath } from '@payd/schemas';
import { makeCustomers, topUp as buyCredits, type Customer } from '../billing/charges/fixtures.ts';
import type { Database } from '../db/database.ts';
import type { Mailer, OutgoingMail } from '../mail/mailer.ts';
import { BeaconTime, type BeaconSpec, type BeaconValidator } from '../staking/beacon/index.ts';
import { writeDropped, writeStatuses, type SyncValidator } from '../staking/syncValidators.ts';
import { settleTopUps } from '../staking/topUps.ts';
import { openTestDatabase, testDatabaseKinds } from '../testing/testApp.ts';
import { emptyAlertTables } from '../testing/alertTables.ts';
import { runAlertPass, type AlertJobDeps } from './job.ts';
import { savePreferences } from './preferences.ts';

const DAY = 86_400_000;
const START = new Date('2026-06-01T00:00:00Z');
const SPEC: BeaconSpec = {
  secondsPerSlot: 12n,
  slotsPerEpoch: 32n,
  genesisForkVersion: '0x00000000',
  capellaForkVersion: '0x03000000',
  depositChainId: 88n,
  depositContractAddress: `0x${'00'.repeat(20)}`,
  values: {},
};
const GWEI = 1_000_000_000n;
const HEAD = 100n * 32n;

let database: Database;
let mails: OutgoingMail[];
let at: Date;

const mailer: Mailer = { send: (m) => void mails.push(m), flush: async () => {}, close: () => {} };

/** The pass without a beacon node or chain: only the credits and the sync's records are read. */
const deps = (): AlertJobDeps => ({
  db: database.db,
  mailer,
  publicUrl: 'https://payd.example',
  now: async () => at,
  credits: { dailyCharge: '1', warningDays: 2, graceDays: 3 },
  beacon: null,
  caches: null,
});

const emailOf = async (usrId: number) =>
  (await database.query<{ usr_name: string }>('SELECT usr_name FROM users WHERE usr_id = $1', [usrId]))[0]!
    .usr_name;
const alertsOf = (usrId: number, kind: string) =>
  database.query<{
    subject: string;
    occurrence: string;
    facts: Record<string, unknown>;
    email_state: string;
    in_app: boolean;
  }>(
    'SELECT subject, occurrence, facts, email_state, in_app FROM alert WHERE usr_id = $1 AND kind = $2 ORDER BY alert_id',
    [usrId, kind],
  );

/** Customers with 2 validators active since START and credits for a long while. */
async function customers(count: number): Promise<Customer[]> {
  const made = await makeCustomers(database, { count, validators: 2, activatedAt: START });
  for (const c of made) await buyCredits(database, c.usrId, '1000', START);
  return made;
}

const ownValidators = (usrId: number) =>
  database.query<{ eth2_validator_id: number; eth2_wallet_id: number; pub_key: string }>(
    'SELECT eth2_validator_id, eth2_wallet_id, pub_key FROM eth2_validator WHERE usr_id = $1 ORDER BY eth2_validator_id',
    [usrId],
  );

/**
 * What the validator sync writes when the beacon node's head (slot HEAD) starts `headAgoMs` before
 * the alert clock and shows the customer's validators as `onChain` says: statuses (with the
 * slashed flag) and the top-ups the balances now hold, in one transaction, as syncValidatorSet does.
 */
async function syncFromBeacon(
  usrId: number,
  onChain: (v: { id: number; pubkey: string }) => Partial<BeaconValidator> | null,
  headAgoMs = 3_600_000,
) {
  const rows = await ownValidators(usrId);
  const all: SyncValidator[] = rows.map((r) => ({
    id: Number(r.eth2_validator_id),
    walletId: Number(r.eth2_wallet_id),
    usrId,
    pubkey: r.pub_key,
    code: '3',
    rewardsSyncedEpoch: null,
    feeRecipient: null,
  }));
  const headStart = at.getTime() - headAgoMs;
  const genesis = new Date(headStart - Number(HEAD * SPEC.secondsPerSlot) * 1000);
  const time = new BeaconTime(
    { genesisTime: genesis, genesisValidatorsRoot: '0x', genesisForkVersion: '0x' },
    SPEC,
  );
  const byKey = new Map(
    all.flatMap((v) => {
      const seen = onChain({ id: v.id, pubkey: v.pubkey });
      if (!seen) return [];
      const b: BeaconValidator = {
        index: BigInt(v.id),
        pubkey: v.pubkey,
        status: 'active_ongoing',
        balanceGwei: 32n * GWEI,
        effectiveBalanceGwei: 32n * GWEI,
        withdrawalCredentials: `0x02${'00'.repeat(11)}${'11'.repeat(20)}`,
        slashed: false,
        activationEligibilityEpoch: 0n,
        activationEpoch: 0n,
        exitEpoch: null,
        withdrawableEpoch: null,
        ...seen,
      };
      return [[v.pubkey, b] as const];
    }),
  );
  const view = {
    spec: { ...SPEC },
    time,
    head: HEAD,
    headEpoch: HEAD / 32n,
    byKey,
    onChain: byKey.size,
  };
  await database.db.transaction(async (tx) => {
    await writeStatuses(tx, all, view, new Set(), at);
    await settleTopUps(
      tx,
      [...byKey.values()].map((b) => ({ id: Number(b.index), balanceGwei: b.balanceGwei })),
      at,
    );
  });
}

async function slashedOnce() {
  const [c, quiet] = (await customers(2)) as [Customer, Customer];
  await savePreferences(
    database.db,
    quiet.usrId,
    { ...DEFAULT_ALERT_PREFERENCES, channels: { validator_slashed: { email: false, inApp: false } } },
    START,
  );
  at = new Date(START.getTime() + 5 * DAY);
  const [v1, v2] = c.validatorIds as [number, number];
  const slash = (v: { id: number }): Partial<BeaconValidator> =>
    v.id === v1 || v.id === quiet.validatorIds[0]
      ? { status: 'active_slashed', slashed: true, balanceGwei: 31_990_000_000n, exitEpoch: 120n }
      : {};
  await syncFromBeacon(c.usrId, () => ({}));
  await runAlertPass(deps());
  expect(await alertsOf(c.usrId, 'validator_slashed')).toEqual([]);
  await syncFromBeacon(c.usrId, slash);
  await syncFromBeacon(quiet.usrId, slash);
  await runAlertPass(deps());
  const slashed = await alertsOf(c.usrId, 'validator_slashed');
  expect(slashed.map((a) => [a.subject, a.occurrence, a.facts])).toEqual([
    [expect.any(String), 'slashed', { pubkey: slashed[0]!.subject, index: String(v1), balanceEth: '31.99' }],
  ]);
  const email = await emailOf(c.usrId);
  const sent = mails.filter((m) => m.subject === `payd: Validator ${v1} was slashed`);
  expect(sent.map((m) => m.to)).toEqual([email]);
  expect(sent[0]!.text).toContain('is forcibly exiting it. Its balance is 31.99 ETH now.');
  expect(sent[0]!.text).toContain(
    `Manage the validator: https://payd.example${manageValidatorPath(slashed[0]!.subject)}`,
  );
  // A later sync still sees it slashed: the time stays that of the first, and nothing is told again.
  at = new Date(at.getTime() + 3_600_000);
  await syncFromBeacon(c.usrId, slash);
  await syncFromBeacon(quiet.usrId, slash);
  const again = await runAlertPass(deps());
  expect(again.written).toEqual([]);
  expect(mails.filter((m) => m.subject.endsWith('was slashed'))).toHaveLength(1);
  const [stamp] = await database.query<{ slashed: string | null; other: string | null }>(
    `SELECT (SELECT slashed_utc::text FROM eth2_validator WHERE eth2_validator_id = $1) AS slashed,
            (SELECT slashed_utc::text FROM eth2_validator WHERE eth2_validator_id = $2) AS other`,
    [v1, v2],
  );
  expect(stamp!.other).toBeNull();
  expect(new Date(stamp!.slashed!).getTime()).toBe(at.getTime() - 3_600_000 - 3_600_000);
  // The customer who turned the kind off: recorded (so turning it on replays nothing), neither sent nor shown.
  expect((await alertsOf(quiet.usrId, 'validator_slashed')).map((a) => [a.email_state, a.in_app])).toEqual([
    ['off', false],
  ]);
  const quietEmail = await emailOf(quiet.usrId);
  expect(mails.filter((m) => m.to === quietEmail && m.subject.endsWith('was slashed'))).toEqual([]);
}

async function topUpsOnce() {
  const [c, quiet] = (await customers(2)) as [Customer, Customer];
  await savePreferences(
    database.db,
    quiet.usrId,
    { ...DEFAULT_ALERT_PREFERENCES, channels: { request_confirmed: { email: false, inApp: false } } },
    START,
  );
  at = new Date(START.getTime() + 5 * DAY);
  const topUp = async (validatorId: number, usrId: number, eth: bigint) =>
    database.query(
      `INSERT INTO validator_top_up (eth2_validator_id, usr_id, amount_gwei, balance_before_gwei, deposit_json,
                                     state, tx_hash, requested_utc, sent_utc)
       VALUES ($1, $2, $3, $4, '{}', 'pending', '0xabc', $5, $5)`,
      [validatorId, usrId, String(eth * GWEI), String(32n * GWEI), at.toISOString()],
    );
  const [v1] = c.validatorIds as [number];
  await topUp(v1, c.usrId, 5n);
  await topUp(quiet.validatorIds[0]!, quiet.usrId, 5n);
  // The deposit is still in the beacon chain's queue: the balance does not hold it yet.
  await syncFromBeacon(c.usrId, () => ({ balanceGwei: 32_010_000_000n }));
  await runAlertPass(deps());
  expect(await alertsOf(c.usrId, 'request_confirmed')).toEqual([]);
  const credited = (v: { id: number }): Partial<BeaconValidator> =>
    v.id === v1 || v.id === quiet.validatorIds[0] ? { balanceGwei: 37_010_000_000n } : {};
  at = new Date(at.getTime() + 3_600_000);
  await syncFromBeacon(c.usrId, credited);
  await syncFromBeacon(quiet.usrId, credited);
  await runAlertPass(deps());
  await runAlertPass(deps());
  const told = await alertsOf(c.usrId, 'request_confirmed');
  expect(told.map((a) => [a.occurrence.startsWith('top-up:'), a.facts])).toEqual([
    [
      true,
      {
        operation: 'top-up',
        pubkey: told[0]!.subject,
        index: String(v1),
        amountEth: '5',
        balanceEth: '37.01',
      },
    ],
  ]);
  const sent = mails.filter((m) => m.subject === `payd: Validator ${v1}: top-up of 5 ETH credited`);
  expect(sent.map((m) => m.to)).toEqual([await emailOf(c.usrId)]);
  expect(sent[0]!.text).toContain(
    "The beacon chain credited your top-up of 5 ETH: the validator's balance is 37.01 ETH now.",
  );
  expect(sent[0]!.text).toContain(
    `See the validator: https://payd.example${manageValidatorPath(told[0]!.subject)}`,
  );
  // A second top-up of the same validator is its own alert; the first is not told again.
  await topUp(v1, c.usrId, 3n);
  at = new Date(at.getTime() + 3_600_000);
  await syncFromBeacon(c.usrId, (v) => (v.id === v1 ? { balanceGwei: 40_020_000_000n } : {}));
  await runAlertPass(deps());
  expect((await alertsOf(c.usrId, 'request_confirmed')).map((a) => a.facts.amountEth)).toEqual(['5', '3']);
  expect((await alertsOf(quiet.usrId, 'request_confirmed')).map((a) => [a.email_state, a.in_app])).toEqual([
    ['off', false],
  ]);
  const quietEmail = await emailOf(quiet.usrId);
  expect(mails.filter((m) => m.to === quietEmail && m.subject.endsWith('credited'))).toEqual([]);
}

async function depositsOnce() {
  const [c, quiet] = (await customers(2)) as [Customer, Customer];
  await savePreferences(
    database.db,
    quiet.usrId,
    { ...DEFAULT_ALERT_PREFERENCES, channels: { request_confirmed: { email: false, inApp: false } } },
    START,
  );
  at = new Date(START.getTime() + 5 * DAY);
  const [v1, v2] = c.validatorIds as [number, number];
  // v1 is a 0x02 validator deposited with 64 ETH through the stake flow.
  await database.query(
    `UPDATE eth2_validator SET withdrawal_kind = '0x02', deposit_gwei = $2 WHERE eth2_validator_id = $1`,
    [v1, String(64n * GWEI)],
  );
  const waiting = (extra: Partial<BeaconValidator> = {}): Partial<BeaconValidator> => ({
    status: 'pending_initialized',
    balanceGwei: 64n * GWEI,
    effectiveBalanceGwei: 64n * GWEI,
    activationEligibilityEpoch: null,
    activationEpoch: null,
    ...extra,
  });
  // The deposits are on the execution chain only (pending_deposits): the registry holds neither.
  await syncFromBeacon(c.usrId, () => null);
  await syncFromBeacon(quiet.usrId, () => null);
  await runAlertPass(deps());
  expect(await alertsOf(c.usrId, 'request_confirmed')).toEqual([]);
  // The beacon chain processed v1's deposit: registered, waiting; v2's is still pending.
  at = new Date(at.getTime() + 3_600_000);
  const firstHead = at.getTime() - 3_600_000;
  await syncFromBeacon(c.usrId, (v) => (v.id === v1 ? waiting() : null));
  await syncFromBeacon(quiet.usrId, (v) => (v.id === quiet.validatorIds[0] ? waiting() : null));
  await runAlertPass(deps());
  await runAlertPass(deps());
  const told = await alertsOf(c.usrId, 'request_confirmed');
  expect(told.map((a) => [a.subject, a.occurrence, a.facts])).toEqual([
    [
      told[0]!.subject,
      'deposit',
      { operation: 'deposit', pubkey: told[0]!.subject, index: String(v1), amountEth: '64' },
    ],
  ]);
  const sent = mails.filter((m) => m.subject === `payd: Validator ${v1}: deposit of 64 ETH registered`);
  expect(sent.map((m) => m.to)).toEqual([await emailOf(c.usrId)]);
  expect(sent[0]!.text).toContain(
    'The beacon chain registered your deposit of 64 ETH: the validator now waits in the activation queue.',
  );
  expect(sent[0]!.text).toContain('See it on the dashboard: https://payd.example/dashboard');
  // Later syncs: v1 queued with an activation epoch to come (its registration time stays the first
  // sync's); v2 first seen already active, so the activation alert tells of it, not this one.
  at = new Date(at.getTime() + 3_600_000);
  await syncFromBeacon(c.usrId, (v) =>
    v.id === v1
      ? waiting({ status: 'pending_queued', activationEligibilityEpoch: 99n, activationEpoch: 110n })
      : {},
  );
  await runAlertPass(deps());
  expect((await alertsOf(c.usrId, 'request_confirmed')).map((a) => a.occurrence)).toEqual(['deposit']);
  const stamps = await database.query<{ id: number; registered: string | null; activation: string | null }>(
    `SELECT eth2_validator_id AS id, registered_utc::text AS registered, activation_utc::text AS activation
     FROM eth2_validator WHERE eth2_validator_id IN ($1, $2) ORDER BY eth2_validator_id`,
    [v1, v2],
  );
  expect(stamps.map((r) => new Date(r.registered!).getTime())).toEqual([firstHead, at.getTime() - 3_600_000]);
  expect(new Date(stamps[0]!.activation!).getTime()).toBeGreaterThan(at.getTime());
  // The customer who turned the kind off: recorded, neither sent nor shown.
  expect((await alertsOf(quiet.usrId, 'request_confirmed')).map((a) => [a.email_state, a.in_app])).toEqual([
    ['off', false],
  ]);
  const quietEmail = await emailOf(quiet.usrId);
  expect(mails.filter((m) => m.to === quietEmail && m.subject.endsWith('registered'))).toEqual([]);
}

async function droppedOnce() {
  const [c, quiet] = (await customers(2)) as [Customer, Customer];
  await savePreferences(
    database.db,
    quiet.usrId,
    { ...DEFAULT_ALERT_PREFERENCES, channels: { request_ignored: { email: false, inApp: false } } },
    START,
  );
  at = new Date(START.getTime() + 5 * DAY);
  const [v1, v2] = c.validatorIds as [number, number];
  // v2 is in the registry: a deposit of its pubkey judged dropped (a top-up's) does not mark it.
  await database.query('UPDATE eth2_validator SET validator_index = 77 WHERE eth2_validator_id = $1', [v2]);
  /** What the sync writes when it judged the deposits of `ids` dropped, its head `headAgoMs` before the clock. */
  const judged = async (usrId: number, ids: number[], headAgoMs = 3_600_000) => {
    const rows = await ownValidators(usrId);
    const all: SyncValidator[] = rows.map((r) => ({
      id: Number(r.eth2_validator_id),
      walletId: Number(r.eth2_wallet_id),
      usrId,
      pubkey: r.pub_key.toLowerCase(),
      code: '1',
      rewardsSyncedEpoch: null,
      feeRecipient: null,
    }));
    const dropped = all
      .filter((v) => ids.includes(v.id))
      .map((v) => ({
        pubkey: v.pubkey,
        amountGwei: 32n * GWEI,
        blockNumber: 1n,
        txHash: '0xabc',
        logIndex: 0,
        timestamp: START,
      }));
    const headUtc = new Date(at.getTime() - headAgoMs).toISOString();
    await database.db.transaction((tx) => writeDropped(tx, all, dropped, headUtc));
  };
  await runAlertPass(deps());
  expect(await alertsOf(c.usrId, 'request_ignored')).toEqual([]);
  await judged(c.usrId, [v1, v2]);
  await judged(quiet.usrId, [quiet.validatorIds[0]!]);
  await runAlertPass(deps());
  await runAlertPass(deps());
  const told = await alertsOf(c.usrId, 'request_ignored');
  const facts = { operation: 'deposit', pubkey: told[0]?.subject ?? '', amountEth: '32' };
  expect(told.map((a) => [a.occurrence, a.facts])).toEqual([['deposit', facts]]);
  expect(told[0]!.subject).toBe((await ownValidators(c.usrId))[0]!.pub_key.toLowerCase());
  const text = alertText('request_ignored', facts);
  expect(text.title).toMatch(/: deposit of 32 ETH dropped$/);
  const sent = mails.filter((m) => m.subject === `payd: ${text.title}`);
  expect(sent.map((m) => m.to)).toEqual([await emailOf(c.usrId)]);
  expect(sent[0]!.text).toContain('The 32 ETH stays in the deposit contract and cannot be recovered');
  expect(sent[0]!.text).toContain('Check your validators: https://payd.example/dashboard');
  // A later sync judges it again: the time stays the first's, nothing is told again.
  at = new Date(at.getTime() + 3_600_000);
  await judged(c.usrId, [v1, v2]);
  await runAlertPass(deps());
  expect(await alertsOf(c.usrId, 'request_ignored')).toHaveLength(1);
  const marks = await database.query<{ dropped: string | null }>(
    'SELECT deposit_dropped_utc::text AS dropped FROM eth2_validator WHERE eth2_validator_id IN ($1, $2) ORDER BY eth2_validator_id',
    [v1, v2],
  );
  expect(marks.map((m) => m.dropped && new Date(m.dropped).getTime())).toEqual([
    at.getTime() - 2 * 3_600_000,
    null,
  ]);
  expect((await alertsOf(quiet.usrId, 'request_ignored')).map((a) => [a.email_state, a.in_app])).toEqual([
    ['off', false],
  ]);
  const quietEmail = await emailOf(quiet.usrId);
  expect(mails.filter((m) => m.to === quietEmail && m.subject.endsWith('dropped'))).toEqual([]);
}

describe.each(testDatabaseKinds)('alert job: what the validator sync recorded (%s)', (kind) => {
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase(kind));
  });
  afterAll(() => drop());
  beforeEach(async () => {
    await emptyAlertTables(database, ['validator_top_up']);
    mails = [];
    at = START;
  });

  it(
    'tells of a validator the beacon chain slashed once, with its balance and a link to its manage page',
    slashedOnce,
  );
  it(
    'tells of each top-up once when the beacon balance holds it, not before, and nothing when the kind is off',
    topUpsOnce,
  );
  it(
    'tells of a new validator’s deposit once when the beacon chain registers it, not before, not once active',
    depositsOnce,
  );
  it(
    'tells of a new validator’s deposit the beacon chain dropped once, with the ETH lost, and nothing when the kind is off',
    droppedOnce,
  );
});
