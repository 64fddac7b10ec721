// The charge job for 10,000 validators (issue 12; aim: under 5 s on PGlite): seeds BENCH_VALIDATORS
// validators (2 per customer, each customer with 1,000 credits), then times the whole job
// (billing/charges/job.ts: charges, then the credit review) for the day after their activation
// (one charge each), after 7 days of downtime (7 each), and a second run that finds nothing to do.
// First on embedded PGlite, then on PostgreSQL when BENCH_PG_URL (default
// postgres://postgres@127.0.0.1:5432/test) answers, in a schema of its own that is dropped after.
import { onEachDatabase } from './lib/databases.mjs';
import { nullMailer } from './lib/server.mjs';

const VALIDATORS = Number(process.env.BENCH_VALIDATORS || 10_000);
/** Issue 12's aim for one day's job over 10,000 validators on PGlite. */
const AIM_S = 5;
const START = new Date('2026-10-01T08:00:00Z');
const DAY = 86_400_000;

const { makeCustomers } = await import('../server/src/billing/charges/fixtures.ts');
const { runChargeJob } = await import('../server/src/billing/charges/job.ts');

async function run(name, open) {
  const { database, close } = await open();
  try {
    const t0 = performance.now();
    const customers = await makeCustomers(database, {
      count: VALIDATORS / 2,
      validators: 2,
      activatedAt: START,
    });
    await database.query(
      `INSERT INTO stake_payment (pmt_type_cd, pmt_amt, credit_amt, pmt_status_cd, paid_on, usr_id)
       SELECT 'C', 1000, 1000, 'S', $2::timestamptz, u FROM unnest($1::int[]) u`,
      [customers.map((c) => c.usrId), START.toISOString()],
    );
    await database.exec('ANALYZE');
    const seedMs = performance.now() - t0;
    let at = START;
    const deps = {
      db: database.db,
      mailer: nullMailer,
      publicUrl: 'https://payd.example',
      exits: async () => ({ exited: [], refused: [] }),
      now: async () => at,
      dailyCharge: () => '1',
      warningDays: 7,
      graceDays: 3,
    };
    const timed = async (day) => {
      at = new Date(START.getTime() + day * DAY);
      const t = performance.now();
      const r = await runChargeJob(deps);
      return { ms: performance.now() - t, charged: r.charged };
    };
    const first = await timed(1);
    const catchUp = await timed(8);
    const idle = await timed(8.5);
    const s = (x) => `${(x.ms / 1000).toFixed(2)} s (${x.charged} charges)`;
    console.log(
      `${name}: ${VALIDATORS} validators seeded in ${(seedMs / 1000).toFixed(1)} s; charge job for one day ${s(first)}; ` +
        `after 7 days down ${s(catchUp)}; nothing to do ${s(idle)}`,
    );
    console.log(
      `  one day's job: ${(first.ms / 1000).toFixed(2)} s beside the aim of under ${AIM_S} s on PGlite: ${first.ms < AIM_S * 1000 ? 'met' : 'MISSED'}`,
    );
    return first.charged !== VALIDATORS || catchUp.charged !== 7 * VALIDATORS || idle.charged !== 0;
  } finally {
    await close();
  }
}

process.exit((await onEachDatabase('bench_charge', run)) ? 1 : 0);
