// A month's statements for 1,000 customers (issue 12, spec 001 'Statement lists'): seeds
// BENCH_CUSTOMERS customers, each with 2 validators and a month of daily rewards, a proposal and a
// withdrawal (about 64 history rows), 3 top-ups and the month's daily charges (62 rows), then makes
// every reward and account statement of that month (figures from the records, the PDF, the stored
// row) the way the statement job does, 4 customers at a time. Prints the time of the whole month
// and per statement, first on embedded PGlite, then on PostgreSQL when BENCH_PG_URL (default
// postgres://postgres@127.0.0.1:5432/test) answers, in a schema of its own that is dropped after.
import { onEachDatabase } from './lib/databases.mjs';

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS || 1000);
const MONTH = '2026-10-01';
const NOW = new Date('2026-11-05T00:00:00Z');

async function seed(database) {
  await database.exec(`
    INSERT INTO users (usr_name, password_hash, role, created_at, password_changed_at)
    SELECT 'stmt' || g || '@example.com', 'x', 1, now(), now() FROM generate_series(1, ${CUSTOMERS}) g;
    INSERT INTO eth2_wallet (usr_id, network_id, eth1_withdrawal_addr, beacon_head_utc)
    SELECT usr_id, '88', '0x' || lpad(to_hex(usr_id), 40, '0'), '2026-11-02T00:00:00Z' FROM users
    WHERE usr_name LIKE 'stmt%';
    INSERT INTO eth2_validator (eth2_wallet_id, usr_id, idx, validator_status_cd, pub_key, validator_index, created_on_utc)
    SELECT w.eth2_wallet_id, w.usr_id, i, '3', '0x' || lpad(to_hex(w.usr_id * 2 + i), 96, '0'), w.usr_id * 2 + i,
           '2026-09-20T00:00:00Z'
    FROM eth2_wallet w CROSS JOIN generate_series(0, 1) i;
    INSERT INTO eth_tx_history (eth2_wallet_id, eth2_validator_id, usr_id, tx_kind, source_key, stake_amt,
      stake_reward_amt, mining_reward_amt, mev_reward_amt, withdraw_amt, time_stamp, tx_status_cd)
    SELECT v.eth2_wallet_id, v.eth2_validator_id, v.usr_id,
           CASE WHEN d = 0 THEN 'deposit' WHEN d = 17 THEN 'proposal' WHEN d = 25 THEN 'withdrawal' ELSE 'stake_reward' END,
           d::text, CASE WHEN d = 0 THEN 32 ELSE 0 END,
           CASE WHEN d NOT IN (0, 17, 25) THEN 0.002621 + v.idx / 1e12 ELSE 0 END,
           CASE WHEN d = 17 THEN 0.00009 ELSE 0 END, CASE WHEN d = 17 THEN 0.00013 ELSE 0 END,
           CASE WHEN d = 25 THEN -0.05 ELSE 0 END,
           timestamptz '2026-09-30T12:00:00Z' + d * interval '1 day', 'S'
    FROM eth2_validator v CROSS JOIN generate_series(0, 32) d;
    INSERT INTO stake_payment (pmt_type_cd, pmt_amt, credit_amt, pmt_status_cd, paid_on, usr_id, tx_hash)
    SELECT 'E', 0.05, 100 + k, 'S', timestamptz '2026-09-25T00:00:00Z' + k * interval '12 days', u.usr_id,
           '0x' || lpad(to_hex(u.usr_id * 4 + k), 64, '0')
    FROM users u CROSS JOIN generate_series(0, 2) k WHERE u.usr_name LIKE 'stmt%';
    INSERT INTO stake_charge (usr_id, eth2_validator_id, charge_day, credit_amt)
    SELECT v.usr_id, v.eth2_validator_id, d::date, 1.25
    FROM eth2_validator v CROSS JOIN generate_series(date '2026-10-01', date '2026-11-01', interval '1 day') d;
    ANALYZE;`);
}

async function run(name, open) {
  const { database, close } = await open();
  try {
    const { generateMonth } = await import('../server/src/billing/statements/generate.ts');
    const t0 = performance.now();
    await seed(database);
    const seedMs = performance.now() - t0;
    const t1 = performance.now();
    const r = await generateMonth(database.db, MONTH, NOW);
    const ms = performance.now() - t1;
    const [{ n, bytes }] = await database.query(
      `SELECT count(*)::int AS n, coalesce(sum(length(stmt_doc)), 0)::bigint AS bytes FROM stake_stmt`,
    );
    const again = performance.now();
    const second = await generateMonth(database.db, MONTH, NOW);
    const againMs = performance.now() - again;
    console.log(
      `${name}: seeded ${CUSTOMERS} customers in ${(seedMs / 1000).toFixed(1)} s; ` +
        `${r.made} statements (${n} stored, ${(Number(bytes) / n / 1024).toFixed(1)} KiB each) in ${(ms / 1000).toFixed(1)} s ` +
        `= ${(ms / Math.max(1, r.made)).toFixed(1)} ms per statement; a second run makes ${second.made} in ${(againMs / 1000).toFixed(2)} s`,
    );
    return r.made !== 2 * CUSTOMERS || second.made !== 0;
  } finally {
    await close();
  }
}

process.exit((await onEachDatabase('bench_stmt', run)) ? 1 : 0);
