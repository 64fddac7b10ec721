// The redemption scan of the cache alerts on PGlite and PostgreSQL: each pass reads only the blocks
// after the remembered one, up to the block its snapshot was read at; the remembered block moves
// forward only after a pass wrote the redemptions of its blocks, so a pass that stops or fails
// before that leaves the blocks to the next pass, which tells nothing twice and misses nothing.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Cache, Decimal } from '@payd/protocol';
import { makeCustomers, type Customer } from '../billing/charges/fixtures.ts';
import type { Database } from '../db/database.ts';
import type { Mailer, OutgoingMail } from '../mail/mailer.ts';
import { openTestDatabase, testDatabaseKinds } from '../testing/testApp.ts';
import { rememberScannedBlock, scannedBlock } from './chainScan.ts';
import type { BlockRange, CacheReader, CacheRedemption } from './evaluators/caches.ts';
import { runAlertPass, type AlertJobDeps } from './job.ts';

const NOW = new Date('2026-06-10T00:00:00Z');
const SCAN = 'cache_redeemed:88:0xcace';

/** A chain whose head, caches and redemptions (by block) the test sets; it notes the ranges asked. */
class ScannedChain implements CacheReader {
  head = 100n;
  caches = new Map<string, Cache>();
  redeemed: (CacheRedemption & { block: bigint })[] = [];
  asked: BlockRange[] = [];
  failRedemptions = false;
  async read(owners: readonly string[]) {
    return {
      price: Decimal.from(2000),
      total: new Cache(Decimal.from(1000), Decimal.from(100_000)),
      caches: new Map(owners.map((o) => [o, this.caches.get(o) ?? new Cache()])),
      block: { number: this.head, deployment: '88:0xcace' },
    };
  }
  async redemptions(owners: readonly string[], range: BlockRange) {
    this.asked.push(range);
    if (this.failRedemptions) throw new Error('node refused the logs');
    return this.redeemed.filter(
      (r) => owners.includes(r.owner) && r.block >= (range.fromBlock ?? 0n) && r.block <= range.toBlock,
    );
  }
  redeem(owner: string, block: bigint, tx: string) {
    this.redeemed.push({
      owner,
      block,
      transactionHash: tx,
      collateral: Decimal.from('0.05'),
      debt: Decimal.from(100),
      at: new Date(NOW.getTime() - 3_600_000),
    });
  }
}

let database: Database;
let chain: ScannedChain;
let mails: OutgoingMail[];
const mailer: Mailer = { send: (m) => void mails.push(m), flush: async () => {}, close: () => {} };

const deps = (extra: Partial<AlertJobDeps> = {}): AlertJobDeps => ({
  db: database.db,
  mailer,
  publicUrl: 'https://payd.example',
  now: async () => NOW,
  credits: { dailyCharge: '1', warningDays: 2, graceDays: 3 },
  beacon: null,
  caches: chain,
  ...extra,
});
const redemptionAlerts = async (usrId: number) =>
  (
    await database.query<{ occurrence: string }>(
      `SELECT occurrence FROM alert WHERE usr_id = $1 AND kind = 'cache_redeemed' ORDER BY alert_id`,
      [usrId],
    )
  ).map((r) => r.occurrence);
const stopAt = (step: string) => async (s: string) => {
  if (s === step) throw new Error(`stopped at ${s}`);
};

describe.each(testDatabaseKinds)('alert job: redemptions scanned block by block (%s)', (kind) => {
  let drop: () => Promise<void>;
  let owner: string;
  let customer: Customer;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase(kind));
  });
  afterAll(() => drop());
  beforeEach(async () => {
    for (const table of ['alert', 'alert_condition', 'alert_chain_scan', 'eth2_validator'])
      await database.query(`DELETE FROM ${table}`);
    [customer] = (await makeCustomers(database, { count: 1, validators: 1, activatedAt: NOW })) as [Customer];
    owner = `0x${customer.usrId.toString(16).padStart(40, '0')}`;
    chain = new ScannedChain();
    chain.caches.set(owner, new Cache(Decimal.from(10), Decimal.from(5000)));
    mails = [];
  });

  it('scans from the deployment on the first pass, then only the blocks after the last pass’s', async () => {
    chain.redeem(owner, 90n, '0xaa');
    await runAlertPass(deps());
    expect(chain.asked).toEqual([{ toBlock: 100n }]);
    expect(await scannedBlock(database.db, SCAN)).toBe(100n);
    chain.head = 110n;
    chain.redeem(owner, 105n, '0xbb');
    await runAlertPass(deps());
    await runAlertPass(deps());
    expect(chain.asked.slice(1)).toEqual([
      { fromBlock: 101n, toBlock: 110n },
      { fromBlock: 111n, toBlock: 110n },
    ]);
    expect(await redemptionAlerts(customer.usrId)).toEqual(['0xaa', '0xbb']);
    expect(mails.filter((m) => m.subject === 'payd: A redemption touched your cache')).toHaveLength(2);
  });

  it('keeps the block of a pass stopped before or after writing, and the next pass tells each redemption once', async () => {
    await runAlertPass(deps());
    chain.head = 120n;
    chain.redeem(owner, 111n, '0xcc');
    // The node refuses the logs: nothing written, the block stays.
    chain.failRedemptions = true;
    const failed: string[] = [];
    await runAlertPass(deps({ onSourceError: (source) => void failed.push(source) }));
    expect(failed).toEqual(['caches']);
    expect(await scannedBlock(database.db, SCAN)).toBe(100n);
    expect(await redemptionAlerts(customer.usrId)).toEqual([]);
    // Stopped after writing the alert, before remembering the block.
    chain.failRedemptions = false;
    await expect(runAlertPass(deps({ checkpoint: stopAt('cache redemptions') }))).rejects.toThrow(
      'stopped at cache redemptions',
    );
    expect(await redemptionAlerts(customer.usrId)).toEqual(['0xcc']);
    expect(await scannedBlock(database.db, SCAN)).toBe(100n);
    // The next pass reads the same blocks again: the alert is not written twice; then the block moves.
    chain.redeem(owner, 118n, '0xdd');
    await runAlertPass(deps());
    expect(chain.asked.at(-1)).toEqual({ fromBlock: 101n, toBlock: 120n });
    expect(await redemptionAlerts(customer.usrId)).toEqual(['0xcc', '0xdd']);
    expect(await scannedBlock(database.db, SCAN)).toBe(120n);
    expect(mails.filter((m) => m.subject === 'payd: A redemption touched your cache')).toHaveLength(2);
  });

  it('never moves the remembered block back (an instance that read an older head finishes later)', async () => {
    await rememberScannedBlock(database.db, { scan: SCAN, block: 130n }, NOW);
    await rememberScannedBlock(database.db, { scan: SCAN, block: 125n }, NOW);
    expect(await scannedBlock(database.db, SCAN)).toBe(130n);
    chain.head = 128n;
    await runAlertPass(deps());
    expect(chain.asked).toEqual([{ fromBlock: 131n, toBlock: 128n }]);
    expect(await scannedBlock(database.db, SCAN)).toBe(130n);
  });
});
