// One alert evaluation pass over 10,000 validators and 10,000 caches (issue 29; aim: under 2 s on
// PostgreSQL): seeds BENCH_ALERT_CUSTOMERS customers, each with one active validator, one wallet and
// one open cache, then times server/src/alerts/job.ts `runAlertPass` as the job runs it: credits,
// offline validators (beacon rewards in batches), validator events, caches (bands, recovery mode,
// closed caches, pool gains, swaps), then the e-mails. The validators have been active for 30 days,
// 1 % earned nothing in the last epochs and 5 % of the caches sit under 150 %, so the first pass
// writes and mails 600 alerts; a second pass with nothing new is the steady state.
// The chain and the beacon node are in-memory readers here (the same interfaces the job reads them
// through): the figure is the server's own work, the database and the evaluation. On a real node the
// cache reader's chain reads come on top (server/src/alerts/evaluators/caches.ts; cacheReads.bench.mjs).
// First on embedded PGlite, then on PostgreSQL when BENCH_PG_URL answers (a schema of its own).
import { onEachDatabase } from './lib/databases.mjs';
import { nullMailer } from './lib/server.mjs';

const CUSTOMERS = Number(process.env.BENCH_ALERT_CUSTOMERS || 10_000);
/** Issue 29's aim for one pass on PostgreSQL. */
const AIM_S = 2;
const START = new Date('2026-10-01T08:00:00Z');

const { Cache, Decimal } = await import('@payd/protocol');
const { makeCustomers } = await import('../server/src/billing/charges/fixtures.ts');
const { runAlertPass } = await import('../server/src/alerts/job.ts');

/** A beacon node whose every validator earned 10,000 gwei an epoch, but every 100th nothing. */
const beacon = {
  headSlot: 3200n,
  async getSpec() {
    // What the offline evaluator reads of the node's spec.
    return { secondsPerSlot: 12n, slotsPerEpoch: 32n };
  },
  async getHeadSlot() {
    return this.headSlot;
  },
  async getRewards(ids, range) {
    const epochs = range.toEpoch - range.fromEpoch;
    return ids.map((id) => ({
      validatorIndex: BigInt(id),
      consensusGwei: BigInt(id) % 100n === 0n ? -1_000n * epochs : 10_000n * epochs,
    }));
  },
};

async function run(name, open) {
  const { database, close } = await open();
  try {
    const t0 = performance.now();
    const customers = await makeCustomers(database, { count: CUSTOMERS, validators: 1, activatedAt: START });
    const ids = customers.map((c) => c.usrId);
    await database.query(
      `UPDATE eth2_validator SET validator_index = eth2_validator_id, activation_epoch = 0 WHERE usr_id = ANY($1::int[])`,
      [ids],
    );
    await database.query(
      `INSERT INTO stake_payment (pmt_type_cd, pmt_amt, credit_amt, pmt_status_cd, paid_on, usr_id)
       SELECT 'C', 1000, 1000, 'S', $2::timestamptz, u FROM unnest($1::int[]) u`,
      [ids, START.toISOString()],
    );
    await database.exec('ANALYZE');
    const seedMs = performance.now() - t0;

    const owners = await database.query(
      `SELECT lower(stake_wallet_addr) AS owner FROM stake_wallet_address WHERE usr_id = ANY($1::int[]) ORDER BY usr_id`,
      [ids],
    );
    // 10 ETH of collateral each; 5 % borrowed to 140 %, the rest to 250 %, at 2,000 USD.
    const caches = new Map(
      owners.map(({ owner }, i) => [
        owner,
        new Cache(Decimal.from(10), Decimal.from(i % 20 === 0 ? '14285.71' : '8000')),
      ]),
    );
    let total = new Cache();
    for (const c of caches.values())
      total = new Cache(total.collateral.add(c.collateral), total.debt.add(c.debt));
    const reader = {
      async read(list) {
        return {
          price: Decimal.from(2000),
          total,
          caches: new Map(list.map((o) => [o, caches.get(o) ?? new Cache()])),
        };
      },
    };
    const deps = {
      db: database.db,
      mailer: nullMailer,
      publicUrl: 'https://payd.example',
      now: async () => new Date(START.getTime() + 30 * 86_400_000),
      credits: { dailyCharge: '1', warningDays: 7, graceDays: 3 },
      beacon,
      caches: reader,
    };
    const timed = async () => {
      const t = performance.now();
      const r = await runAlertPass(deps);
      return { ms: performance.now() - t, written: r.written.length, emails: r.emails };
    };
    const first = await timed();
    const second = await timed();
    const s = (x) => `${(x.ms / 1000).toFixed(2)} s (${x.written} alerts written, ${x.emails} e-mails)`;
    console.log(
      `${name}: ${CUSTOMERS} validators and ${CUSTOMERS} caches seeded in ${(seedMs / 1000).toFixed(1)} s; ` +
        `first pass ${s(first)}; next pass ${s(second)}`,
    );
    const pg = name.startsWith('PostgreSQL');
    console.log(
      `  one pass: ${(first.ms / 1000).toFixed(2)} s beside the aim of under ${AIM_S} s on PostgreSQL` +
        (pg ? `: ${first.ms < AIM_S * 1000 ? 'met' : 'MISSED'}` : ' (PGlite, for comparison)'),
    );
    // 1 % offline and 5 % under 150 %: the first pass finds exactly them, the second nothing new.
    const expected = CUSTOMERS / 100 + CUSTOMERS / 20;
    return first.written !== expected || second.written !== 0;
  } finally {
    await close();
  }
}

process.exit((await onEachDatabase('bench_alerts', run)) ? 1 : 0);
