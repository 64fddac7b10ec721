// Dashboard API latency of a big staking customer (spec 001 'Dashboard', issue 7): seeds one
// customer with 1,000 validators (deposit data as SaveData stores it) and 100,000 history rows
// (100 days of daily staking rewards per validator, plus their deposits and some proposals), starts
// the API server in a child process and loads the dashboard the way the web app does: GetRewards,
// the first page of the transaction history and the validators, at once, from one client.
// Prints p50/p99 of the whole dashboard load and of each call (aim: dashboard p99 under 200 ms),
// first on embedded PGlite (the default database), then on PostgreSQL when BENCH_PG_URL (default
// postgres://postgres@127.0.0.1:5432/test) answers, in a schema of its own that is dropped after.
import { loadavg } from 'node:os';
import { runOnEachDatabase, serveBench } from './lib/server.mjs';

const VALIDATORS = Number(process.env.BENCH_VALIDATORS || 1000);
const HISTORY = Number(process.env.BENCH_HISTORY || 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 200);
const AIM_MS = 200;
const ADDR = '0x8ba1f109551bd432803012645ac136ddd64dba72';
/** What the dashboard asks for first (web/src/features/staking/dashboardApi.ts HISTORY_FIRST_LOAD). */
const HISTORY_FIRST_LOAD = 50;

if (process.env.BENCH_SERVE)
  await serveBench(JSON.parse(process.env.BENCH_SERVE), {
    seed,
    features: async () => {
      const { createStakingFeature } = await import('../server/src/staking/plugin.ts');
      return [createStakingFeature({ beacon: null, deposits: null, kyc: null })];
    },
  });
else await main();

/** Seeds the customer, its wallet, VALIDATORS validators and about HISTORY history rows. */
async function seed(database) {
  const [user] = await database.query(
    `INSERT INTO users (usr_name, password_hash, role, created_at, password_changed_at)
     VALUES ('whale@example.com', 'x', 1, now(), now()) RETURNING usr_id`,
  );
  const [wallet] = await database.query(
    `INSERT INTO eth2_wallet (usr_id, network_id, eth1_withdrawal_addr, start_idx, validator_cnt, unlocked, input_on)
     VALUES ($1, '88', $2, 0, ${VALIDATORS}, 'N', now()) RETURNING eth2_wallet_id`,
    [user.usr_id, ADDR],
  );
  const deposit = Buffer.from(
    JSON.stringify([
      {
        pubkey: 'ab'.repeat(48),
        withdrawal_credentials: '01' + '00'.repeat(11) + ADDR.slice(2),
        amount: 32000000000,
        signature: 'cd'.repeat(96),
        deposit_message_root: 'ef'.repeat(32),
        deposit_data_root: '12'.repeat(32),
        fork_version: '00000058',
        network_name: 'payd-devnet',
      },
    ]),
  ).toString('base64');
  const perValidator = Math.ceil(HISTORY / VALIDATORS);
  await database.exec(`
    INSERT INTO eth2_validator (eth2_wallet_id, usr_id, idx, validator_status_cd, balance, validator_json, deposit_json,
      created_on_utc, status_time_stamp_utc, json_file_name, pub_key, validator_index, activation_epoch, activation_utc,
      rewards_synced_epoch)
    SELECT ${wallet.eth2_wallet_id}, ${user.usr_id}, g, (array['3','3','3','3','2','1','4','7','6','3'])[1 + g % 10],
           32.001 + g / 1e6,
           '{"pubkey":"' || lpad(to_hex(g), 96, '0') || '","signing_key_path":"m/12381/3600/' || g ||
             '/0/0","withdrawal_credentials":"01${'00'.repeat(11)}${ADDR.slice(2)}"}',
           '${deposit}', now() - interval '101 days', now() - interval '100 days', 'deposit_data-1763798400.json',
           '0x' || lpad(to_hex(g), 96, '0'), g, 10 + g, now() - interval '100 days', 20000
    FROM generate_series(0, ${VALIDATORS - 1}) g;
    INSERT INTO eth_tx_history (eth2_wallet_id, eth2_validator_id, usr_id, tx_kind, source_key, stake_amt,
      stake_reward_amt, mining_reward_amt, mev_reward_amt, time_stamp, block_nbr, epoch_nbr, slot_nbr, tx_hash, tx_status_cd)
    SELECT ${wallet.eth2_wallet_id}, v.eth2_validator_id, ${user.usr_id},
           CASE WHEN d = 0 THEN 'deposit' WHEN d % 17 = 0 THEN 'proposal' ELSE 'stake_reward' END, d::text,
           CASE WHEN d = 0 THEN 32 ELSE 0 END,
           CASE WHEN d > 0 AND d % 17 <> 0 THEN 0.002621 + v.idx / 1e12 ELSE 0 END,
           CASE WHEN d % 17 = 0 AND d > 0 THEN 0.00009 ELSE 0 END,
           CASE WHEN d % 17 = 0 AND d > 0 THEN 0.00013 ELSE 0 END,
           now() - interval '100 days' + d * interval '1 day' + v.idx * interval '1 second',
           CASE WHEN d = 0 THEN 1000 + v.idx END, 225 * d, 1800 * d,
           CASE WHEN d = 0 THEN '0x' || lpad(to_hex(v.idx), 64, '0') END, 'S'
    FROM eth2_validator v CROSS JOIN generate_series(0, ${perValidator - 1}) d
    WHERE v.eth2_wallet_id = ${wallet.eth2_wallet_id};
    ANALYZE eth2_wallet; ANALYZE eth2_validator; ANALYZE eth_tx_history; ANALYZE eth_tx_daily;`);
  const [{ n: historyRows }] = await database.query('SELECT count(*)::int AS n FROM eth_tx_history');
  return { usrId: user.usr_id, historyRows, walletId: wallet.eth2_wallet_id };
}

async function main() {
  await runOnEachDatabase(new URL(import.meta.url), 'bench_stk', drive);
}

function pct(xs, p) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
}
function fmt(xs) {
  return `p99 ${pct(xs, 99).toFixed(0).padStart(4)} ms  p50 ${pct(xs, 50).toFixed(0).padStart(4)} ms`;
}

/** Loads the dashboard ROUNDS times against one started server and prints the latencies. */
async function drive(name, { url, token, seedMs, historyRows, walletId }) {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const call = async (service, method, body) => {
    const t = performance.now();
    const res = await fetch(`${url}/webservices/${service}Ws.asmx/${method}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    const d = (await res.json()).d;
    if (d.status !== 'success') throw new Error(`${method}: ${JSON.stringify(d).slice(0, 300)}`);
    return { ms: performance.now() - t, data: d.data };
  };
  const keyId = String(walletId);
  const calls = [
    ['GetRewards', 'EthTxHistory', 'GetRewards', { walletAddress: ADDR }],
    [
      `GetEthTxHistory13DtlById (first ${HISTORY_FIRST_LOAD} rows)`,
      'EthTxHistory',
      'GetEthTxHistory13DtlById',
      { keyId, options: { Limit: HISTORY_FIRST_LOAD }, filterId: '0' },
    ],
    [
      `GetEth2Wallet5DtlById (${VALIDATORS} validators)`,
      'Eth2Wallet',
      'GetEth2Wallet5DtlById',
      { keyId, options: {}, filterId: '0' },
    ],
  ];
  const dashboard = () => Promise.all(calls.map(([, s, m, b]) => call(s, m, b)));
  const check = await dashboard();
  if (check[1].data.length !== HISTORY_FIRST_LOAD || check[2].data.length !== VALIDATORS)
    throw new Error('unexpected dashboard reply');
  for (let i = 0; i < 10; i++) await dashboard(); // warm-up
  const whole = [];
  const each = calls.map(() => []);
  for (let i = 0; i < ROUNDS; i++) {
    const t = performance.now();
    const r = await dashboard();
    whole.push(performance.now() - t);
    r.forEach((x, k) => each[k].push(x.ms));
  }
  // Each call alone (no other call of the dashboard in flight).
  const solo = [];
  for (const [, s, m, b] of calls) {
    const xs = [];
    for (let i = 0; i < Math.min(ROUNDS, 50); i++) xs.push((await call(s, m, b)).ms);
    solo.push(xs);
  }
  console.log(
    `staking dashboard on ${name}: 1 customer, ${VALIDATORS} validators, ${historyRows} history rows (seeded in ${(seedMs / 1000).toFixed(1)} s),`,
  );
  console.log(`one client, ${ROUNDS} dashboard loads (the 3 calls at once; aim: p99 under ${AIM_MS} ms):`);
  console.log(`  ${'dashboard (GetRewards + history + validators)'.padEnd(50)} ${fmt(whole)}`);
  calls.forEach(([label], k) =>
    console.log(`    ${label.padEnd(48)} ${fmt(each[k])}  | alone: ${fmt(solo[k])}`),
  );
  if (pct(whole, 99) > AIM_MS)
    console.log(`  (over the ${AIM_MS} ms aim; load average ${loadavg()[0].toFixed(1)})`);
}
