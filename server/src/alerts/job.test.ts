// The alert job on PGlite and PostgreSQL: each kind fires once and not again until it clears, two
// passes at once write and send each alert once, and a pass stopped halfway and run again sends
// nothing twice and misses nothing.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Cache, Decimal, MINIMUM_COLLATERAL_RATIO } from '@payd/protocol';
import { DEFAULT_ALERT_PREFERENCES, LIQUIDATION_RATIO_PERCENT, type AlertPreferences } from '@payd/schemas';
import { makeCustomers, topUp, type Customer } from '../billing/charges/fixtures.ts';
import { runChargeJob } from '../billing/charges/job.ts';
import type { Database } from '../db/database.ts';
import type { Mailer, OutgoingMail } from '../mail/mailer.ts';
import type { BeaconSpec } from '../staking/beacon/index.ts';
import { openTestDatabase, testDatabaseKinds } from '../testing/testApp.ts';
import { emptyAlertTables } from '../testing/alertTables.ts';
import { DIGEST_SUBJECT } from './mails.ts';
import type { CacheReader, OwnerHoldings } from './evaluators/caches.ts';
import type { OfflineBeacon } from './evaluators/validatorOffline.ts';
import { runAlertPass, type AlertJobDeps } from './job.ts';
import { savePreferences } from './preferences.ts';

const DAY = 86_400_000;
const START = new Date('2026-06-01T00:00:00Z');

/** A beacon node whose head and per-validator consensus rewards per epoch the test sets. */
class RewardsBeacon implements OfflineBeacon {
  headSlot = 800n;
  /** Gwei a validator earns per epoch from the given epoch on (by index). */
  earning = new Map<string, { from: bigint; gwei: bigint }[]>();
  async getSpec(): Promise<BeaconSpec> {
    return {
      secondsPerSlot: 12n,
      slotsPerEpoch: 32n,
      genesisForkVersion: '0x00000000',
      capellaForkVersion: '0x03000000',
      depositChainId: 88n,
      depositContractAddress: `0x${'00'.repeat(20)}`,
      values: {},
    };
  }
  async getHeadSlot() {
    return this.headSlot;
  }
  /** From `epoch` on, validator `index` earns `gwei` per epoch. */
  earn(index: number, epoch: bigint, gwei: bigint) {
    const list = this.earning.get(String(index)) ?? [];
    list.push({ from: epoch, gwei });
    this.earning.set(String(index), list);
  }
  async getRewards(...[ids, range]: Parameters<OfflineBeacon['getRewards']>) {
    return ids.map((id) => {
      let total = 0n;
      for (let e = range.fromEpoch; e < range.toEpoch; e++) {
        const seg = (this.earning.get(id) ?? []).filter((s) => s.from <= e).at(-1);
        total += seg?.gwei ?? 10_000n;
      }
      return {
        validatorIndex: BigInt(id),
        consensusGwei: total,
        executionFeesGwei: 0n,
        mevGwei: 0n,
        proposals: [],
        withdrawals: [],
      };
    });
  }
}

/** The chain as the test sets it: ETH price, system totals and each owner's cache. */
class TestCaches implements CacheReader {
  price = Decimal.from(2000);
  total = new Cache(Decimal.from(1000), Decimal.from(100_000));
  caches = new Map<string, Cache>();
  holdings = new Map<string, OwnerHoldings>();
  async read(owners: readonly string[]) {
    return {
      price: this.price,
      total: this.total,
      caches: new Map(owners.map((o) => [o, this.caches.get(o) ?? new Cache()])),
      holdings: this.holdings,
    };
  }
}

let database: Database;
let mails: OutgoingMail[];
let at: Date;
let beacon: RewardsBeacon;
let caches: TestCaches;

const mailer: Mailer = { send: (m) => void mails.push(m), flush: async () => {}, close: () => {} };

function deps(extra: Partial<AlertJobDeps> = {}): AlertJobDeps {
  return {
    db: database.db,
    mailer,
    publicUrl: 'https://payd.example',
    now: async () => at,
    credits: { dailyCharge: '1', warningDays: 2, graceDays: 3 },
    beacon,
    caches,
    ...extra,
  };
}

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

/** Customers with 2 validators active since START and `credits` credits, charged up to `day`. */
async function customers(count: number, credits: string): Promise<Customer[]> {
  const made = await makeCustomers(database, { count, validators: 2, activatedAt: START });
  for (const c of made) await topUp(database, c.usrId, credits, START);
  return made;
}

/** Books the charges due at `day` days after START (the charge job, its own e-mails dropped). */
async function charge(day: number) {
  at = new Date(START.getTime() + day * DAY);
  await runChargeJob({
    db: database.db,
    mailer: { send: () => {}, flush: async () => {}, close: () => {} },
    publicUrl: 'https://payd.example',
    exits: async () => ({ exited: [], refused: [] }),
    now: async () => at,
    dailyCharge: () => '1',
    warningDays: 2,
    graceDays: 3,
  });
}

async function chargeAndAlert(day: number, extra: Partial<AlertJobDeps> = {}) {
  await charge(day);
  return runAlertPass(deps(extra));
}

/** A fresh database per kind, emptied of alerts, customers and charges before each test. */
function onTestDatabase(kind: (typeof testDatabaseKinds)[number]) {
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase(kind));
  });
  afterAll(() => drop());
  beforeEach(async () => {
    await emptyAlertTables(database);
    mails = [];
    beacon = new RewardsBeacon();
    caches = new TestCaches();
    at = START;
  });
}

describe.each(testDatabaseKinds)('alert job: once, whatever runs at once or stops (%s)', (kind) => {
  onTestDatabase(kind);

  it('tells of credits running out once, and again only after a top-up cleared it and they ran low again', async () => {
    const [c] = (await customers(1, '10')) as [Customer];
    const email = await emailOf(c.usrId);
    // 2 credits a day: 10 - 3 days = 4 left on 4 June, 2 days: within the 2-day window.
    await chargeAndAlert(2.1);
    expect(mails).toEqual([]);
    await chargeAndAlert(3.1);
    await chargeAndAlert(3.5);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([[email, 'payd: Your credits are running out']]);
    expect(mails[0]!.text).toContain(
      'Your balance is 4.00 credits; your validators cost 2.00 credits a day.',
    );
    expect(mails[0]!.text).toContain('Top up credits: https://payd.example/payment');
    await topUp(database, c.usrId, '20', new Date(START.getTime() + 3.6 * DAY));
    await chargeAndAlert(3.7);
    expect(mails).toHaveLength(1);
    // 24 left on day 3.7; 2 a day: low again (<= 4) on day 13.
    await chargeAndAlert(13.1);
    expect(mails).toHaveLength(2);
    expect((await alertsOf(c.usrId, 'credits_low')).map((a) => a.occurrence)).toEqual(['1', '2']);
  });

  it('writes and sends each alert once when two passes run at once', async () => {
    const made = await customers(3, '10');
    await chargeAndAlert(2.1);
    expect(mails).toHaveLength(0);
    await charge(3.1);
    const [a, b] = await Promise.all([runAlertPass(deps()), runAlertPass(deps())]);
    expect([...a.written, ...b.written]).toHaveLength(3);
    expect(new Set(mails.map((m) => m.to))).toEqual(
      new Set(await Promise.all(made.map((c) => emailOf(c.usrId)))),
    );
    expect(mails).toHaveLength(3);
    const [rows] = await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM alert`);
    expect(rows!.n).toBe(3);
  });

  it('a pass stopped after recording, and one stopped between e-mail batches, are finished by the next without a duplicate', async () => {
    const made = await customers(60, '10');
    const stopAt = (step: string) => async (s: string) => {
      if (s === step) throw new Error(`stopped at ${s}`);
    };
    await chargeAndAlert(2.1);
    // Stopped after the credits were recorded, before any e-mail.
    await expect(chargeAndAlert(3.1, { checkpoint: stopAt('credits') })).rejects.toThrow(
      'stopped at credits',
    );
    expect(mails).toHaveLength(0);
    // Stopped after the first batch of e-mails (50).
    await expect(runAlertPass(deps({ checkpoint: stopAt('emails') }))).rejects.toThrow('stopped at emails');
    expect(mails).toHaveLength(50);
    await runAlertPass(deps());
    await runAlertPass(deps());
    expect(mails).toHaveLength(60);
    expect(new Set(mails.map((m) => m.to)).size).toBe(60);
    const [rows] = await database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM alert WHERE email_state = 'sent'`,
    );
    expect(rows!.n).toBe(made.length);
  });
});

describe.each(testDatabaseKinds)('alert job: each kind once until it clears (%s)', (kind) => {
  onTestDatabase(kind);

  it('tells of a validator offline for the customer’s N epochs once, clears when it earns, and is quiet once it exited', async () => {
    const [c] = (await customers(1, '1000')) as [Customer];
    const [v1] = c.validatorIds;
    await database.query(
      `UPDATE eth2_validator SET validator_index = eth2_validator_id, activation_epoch = 0 WHERE usr_id = $1`,
      [c.usrId],
    );
    const prefs: AlertPreferences = { ...DEFAULT_ALERT_PREFERENCES, offlineEpochs: 4 };
    await savePreferences(database.db, c.usrId, prefs, START);
    beacon.headSlot = 100n * 32n;
    await runAlertPass(deps());
    expect(await alertsOf(c.usrId, 'validator_offline')).toEqual([]);
    // It stops earning at epoch 97 and loses 3000 gwei an epoch: epochs 96..99 still hold one good epoch.
    beacon.earn(v1!, 97n, -3000n);
    await runAlertPass(deps());
    expect(await alertsOf(c.usrId, 'validator_offline')).toEqual([]);
    // Epochs 97..100: 4 epochs without a reward.
    beacon.headSlot = 101n * 32n;
    await runAlertPass(deps());
    beacon.headSlot = 102n * 32n;
    await runAlertPass(deps());
    const offline = await alertsOf(c.usrId, 'validator_offline');
    expect(offline).toHaveLength(1);
    expect(offline[0]!.facts).toMatchObject({ index: String(v1), epochs: 4, lostEth: '0.000012' });
    const mail = mails.find((m) => m.subject === `payd: Validator ${v1} is offline`);
    expect(mail?.text).toContain('It has earned nothing for 4 epochs; its balance fell by 0.000012 ETH');
    // Back online: cleared; offline again: told again.
    beacon.earn(v1!, 102n, 10_000n);
    beacon.headSlot = 103n * 32n;
    await runAlertPass(deps());
    beacon.earn(v1!, 103n, 0n);
    beacon.headSlot = 108n * 32n;
    await runAlertPass(deps());
    expect((await alertsOf(c.usrId, 'validator_offline')).map((a) => a.occurrence)).toEqual(['1', '2']);
    // Exited: quiet, whatever the beacon says of its earnings.
    await database.query(`UPDATE eth2_validator SET validator_status_cd = '7' WHERE eth2_validator_id = $1`, [
      v1,
    ]);
    beacon.earn(v1!, 108n, 10_000n);
    beacon.headSlot = 110n * 32n;
    await runAlertPass(deps());
    beacon.earn(v1!, 110n, 0n);
    beacon.headSlot = 120n * 32n;
    await runAlertPass(deps());
    expect(await alertsOf(c.usrId, 'validator_offline')).toHaveLength(2);
  });
});

describe.each(testDatabaseKinds)('alert job: caches (%s)', (kind) => {
  onTestDatabase(kind);

  it('tells of a cache crossing each band once with its figures, again after it recovered, and not once it closed', async () => {
    const [c] = (await customers(1, '1000')) as [Customer];
    const owner = `0x${c.usrId.toString(16).padStart(40, '0')}`;
    caches.caches.set(owner, new Cache(Decimal.from(1), Decimal.from(1000)));
    await runAlertPass(deps());
    expect(await alertsOf(c.usrId, 'cache_band')).toEqual([]);
    caches.price = Decimal.from(1400);
    await runAlertPass(deps());
    await runAlertPass(deps());
    const below150 = await alertsOf(c.usrId, 'cache_band');
    expect(below150.map((a) => a.subject)).toEqual([`${owner}:150`]);
    const mail = mails.find((m) => m.subject === "payd: Your cache's collateral ratio is below 150%");
    expect(mail?.text).toContain(
      "At ETH $1400.00 your cache's ratio is 140.0%: 1.0000 ETH ($1400.00) against 1000.00 PAYD. Below 115% (ETH at $1150.00) it can be liquidated",
    );
    caches.price = Decimal.from(1200);
    await runAlertPass(deps());
    expect((await alertsOf(c.usrId, 'cache_band')).map((a) => a.subject)).toEqual([
      `${owner}:150`,
      `${owner}:125`,
    ]);
    caches.price = Decimal.from(2000);
    await runAlertPass(deps());
    caches.price = Decimal.from(1400);
    await runAlertPass(deps());
    expect((await alertsOf(c.usrId, 'cache_band')).map((a) => `${a.subject}#${a.occurrence}`)).toEqual([
      `${owner}:150#1`,
      `${owner}:125#1`,
      `${owner}:150#2`,
    ]);
    // Closed: quiet, and its condition clears.
    caches.caches.delete(owner);
    caches.price = Decimal.from(1000);
    await runAlertPass(deps());
    expect(await alertsOf(c.usrId, 'cache_band')).toHaveLength(3);
  });

  it('tells of a liquidation with the ETH left to claim, a rewards pool gain and a filled FETH swap, each once until it clears', async () => {
    const [c] = (await customers(1, '1000')) as [Customer];
    const owner = `0x${c.usrId.toString(16).padStart(40, '0')}`;
    const held = (o: Partial<OwnerHoldings>): OwnerHoldings => ({
      status: 'open',
      surplus: Decimal.ZERO,
      poolGain: Decimal.ZERO,
      ethSwapClaim: Decimal.ZERO,
      ...o,
    });
    caches.holdings.set(
      owner,
      held({ status: 'closedByLiquidation', surplus: Decimal.from('0.25'), poolGain: Decimal.from('0.1') }),
    );
    await runAlertPass(deps());
    await runAlertPass(deps());
    const subjects = mails.map((m) => m.subject);
    expect(subjects.filter((x) => x === 'payd: Your cache was liquidated')).toHaveLength(1);
    expect(mails.find((m) => m.subject === 'payd: Your cache was liquidated')!.text).toContain(
      'At ETH $2000.00 its collateral went to pay its debt; you keep the PAYD you borrowed. 0.2500 ETH ($500.00) of its collateral is left for you to claim.\n\nClaim your ETH: https://payd.example/borrower',
    );
    expect(
      mails
        .filter((m) => m.subject === 'payd: Your rewards pool gain is waiting')
        .map((m) => m.text.split('\n')[0]),
    ).toEqual([
      'Liquidations paid your rewards pool deposit 0.100000 ETH ($200.00); it is yours to withdraw.',
    ]);
    // Gain withdrawn, a swap filled: the gain clears, the swap is told once.
    caches.holdings.set(owner, held({ status: 'closedByLiquidation', ethSwapClaim: Decimal.from(40) }));
    await runAlertPass(deps());
    await runAlertPass(deps());
    expect(
      mails.filter((m) => m.subject === 'payd: Your FETH swap is filled').map((m) => m.text.split('\n')[0]),
    ).toEqual(['40.0000 ETH ($80000.00) is ready for you to claim; the swap fee is taken as you claim.']);
    // A new gain after the last one was withdrawn is told again.
    caches.holdings.set(owner, held({ status: 'closedByLiquidation', poolGain: Decimal.from('0.2') }));
    await runAlertPass(deps());
    expect((await alertsOf(c.usrId, 'pool_gain')).map((a) => a.occurrence)).toEqual(['1', '2']);
    expect(await alertsOf(c.usrId, 'cache_closed')).toHaveLength(1);
  });
});

describe.each(testDatabaseKinds)('alert job: bands, recovery mode and channels (%s)', (kind) => {
  onTestDatabase(kind);

  it('follows the customer’s own band and tells of recovery mode starting and ending once', async () => {
    const [c] = (await customers(1, '1000')) as [Customer];
    const owner = `0x${c.usrId.toString(16).padStart(40, '0')}`;
    await savePreferences(database.db, c.usrId, { ...DEFAULT_ALERT_PREFERENCES, bands: [180] }, START);
    caches.caches.set(owner, new Cache(Decimal.from(1), Decimal.from(1000)));
    caches.price = Decimal.from(1700);
    caches.total = new Cache(Decimal.from(100), Decimal.from(110_000));
    await runAlertPass(deps());
    await runAlertPass(deps());
    expect((await alertsOf(c.usrId, 'cache_band')).map((a) => a.subject)).toEqual([`${owner}:180`]);
    const recovery = await alertsOf(c.usrId, 'recovery_mode');
    expect(recovery.map((a) => a.facts.active)).toEqual([true]);
    expect(mails.map((m) => m.subject)).toContain('payd: Recovery mode has started');
    caches.price = Decimal.from(2000);
    await runAlertPass(deps());
    await runAlertPass(deps());
    expect((await alertsOf(c.usrId, 'recovery_mode')).map((a) => a.facts.active)).toEqual([true, false]);
    expect(mails.filter((m) => m.subject === 'payd: Recovery mode has ended')).toHaveLength(1);
  });

  it('keeps an alert of a kind with e-mail off in the app only, and sends a digest once a day to who chose it', async () => {
    const [a, b] = (await customers(2, '10')) as [Customer, Customer];
    await savePreferences(
      database.db,
      a.usrId,
      { ...DEFAULT_ALERT_PREFERENCES, channels: { credits_low: { email: false, inApp: true } } },
      START,
    );
    await savePreferences(database.db, b.usrId, { ...DEFAULT_ALERT_PREFERENCES, digest: true }, START);
    await chargeAndAlert(2.1);
    await chargeAndAlert(3.1);
    expect((await alertsOf(a.usrId, 'credits_low')).map((x) => [x.email_state, x.in_app])).toEqual([
      ['off', true],
    ]);
    // b's alert waits for the digest of the next day.
    const bEmail = await emailOf(b.usrId);
    expect(mails.filter((m) => m.to === bEmail).map((m) => m.subject)).toEqual([DIGEST_SUBJECT]);
    expect(mails.map((m) => m.to)).not.toContain(await emailOf(a.usrId));
    await chargeAndAlert(3.5);
    expect(mails.filter((m) => m.to === bEmail)).toHaveLength(1);
  });

  it('keeps the settings’ liquidation ratio equal to the protocol’s', () => {
    expect(MINIMUM_COLLATERAL_RATIO.mul(100).toString(0)).toBe(String(LIQUIDATION_RATIO_PERCENT));
  });
});
