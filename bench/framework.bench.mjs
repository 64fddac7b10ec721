// Screen framework latency on a big table: seeds 100,000 KYC persons (one INSERT ... SELECT
// generate_series) with a document each, starts the API server on an ephemeral port and drives
// KycPersonWs GetSearchList (quick search, review-queue filter) and GetKycPerson15DtlById with
// autocannon at 20 concurrent clients. Prints p50/p99 latency, first on embedded PGlite (the
// default database), then on PostgreSQL when BENCH_PG_URL (default
// postgres://postgres@127.0.0.1:5432/test) answers, in a schema of its own that is dropped after.
// The server runs in a child process, so the load generator does not share its event loop.
import { loadavg } from 'node:os';
import { runOnEachDatabase, serveBench } from './lib/server.mjs';
import { SEARCH_WORDS, seedKycPersons } from './lib/kycPersons.mjs';

const ROWS = Number(process.env.BENCH_ROWS || 100_000);
const DURATION_S = Number(process.env.BENCH_DURATION || 10);
const CONNECTIONS = 20;
// Issue 16: GetSearchList quick search p99 at 20 clients (before: 244 ms on PGlite, 76 ms on
// PostgreSQL). The other calls keep the issue 3 aim. EXPLAIN of the quick search: bench/README.md.
const QUICK_AIM_MS = { pglite: 100, postgres: 30 };
const AIM_MS = 50;

if (process.env.BENCH_SERVE)
  await serveBench(JSON.parse(process.env.BENCH_SERVE), {
    seed,
    features: async () => [(await import('../server/src/kyc/screens.ts')).kycScreensFeature],
  });
else await main();

/** Seeds a reviewer and ROWS KYC persons with a document each; returns the reviewer's id. */
async function seed(database) {
  return { usrId: await seedKycPersons(database, ROWS) };
}

async function main() {
  const { default: autocannon } = await import('autocannon');
  const failed = await runOnEachDatabase(new URL(import.meta.url), 'bench_fw', (name, ready) =>
    drive(autocannon, name, ready),
  );
  if (failed) process.exitCode = 1;
}

/** Drives the three calls against one started server; returns whether any request failed. */
async function drive(autocannon, name, { url, token, seedMs }) {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const run = async (method, bodies, connections) => {
    let i = 0;
    const check = await fetch(`${url}/webservices/KycPersonWs.asmx/${method}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(bodies[0]),
    });
    const d = (await check.json()).d;
    if (d.status !== 'success') throw new Error(`${method}: ${JSON.stringify(d)}`);
    return autocannon({
      url: `${url}/webservices/KycPersonWs.asmx/${method}`,
      method: 'POST',
      connections,
      duration: DURATION_S,
      headers,
      requests: [{ setupRequest: (req) => ({ ...req, body: JSON.stringify(bodies[i++ % bodies.length]) }) }],
    });
  };
  const words = SEARCH_WORDS;
  const runs = [
    [
      'GetSearchList (quick search, TopN 5)',
      'GetSearchList',
      words.map((w) => ({ searchStr: w, topN: 5, filterId: '0' })),
    ],
    [
      'GetSearchList (review queue filter, TopN 5)',
      'GetSearchList',
      [{ searchStr: '', topN: 5, filterId: '1' }],
    ],
    [
      'GetKycPerson15DtlById',
      'GetKycPerson15DtlById',
      Array.from({ length: 1000 }, (_, k) => ({
        keyId: String(1 + ((k * 7919) % ROWS)),
        options: {},
        filterId: '0',
      })),
    ],
  ];
  console.log(
    `screen framework on ${name}: ${ROWS} KYC persons + ${ROWS} documents (seeded in ${(seedMs / 1000).toFixed(1)} s),`,
  );
  const quickAim = name.startsWith('PGlite') ? QUICK_AIM_MS.pglite : QUICK_AIM_MS.postgres;
  console.log(
    `${CONNECTIONS} concurrent clients, ${DURATION_S} s per call (aim: p99 ≤ ${quickAim} ms for the quick search, under ${AIM_MS} ms for the rest):`,
  );
  let failed = false;
  let over = false;
  for (const [label, method, bodies] of runs) {
    const r = await run(method, bodies, CONNECTIONS);
    // One client alone shows the cost of a request without queueing behind the other 19.
    const solo = await run(method, bodies, 1);
    const bad = r.non2xx + r.errors + r.timeouts + solo.non2xx + solo.errors + solo.timeouts;
    const aim = label.includes('quick search') ? quickAim : AIM_MS;
    console.log(
      `  ${label.padEnd(44)} p99 ${String(r.latency.p99).padStart(4)} ms (aim ${aim})  p50 ${String(r.latency.p50).padStart(4)} ms  ${r.requests.average.toFixed(0)} req/s` +
        `  | 1 client: p99 ${solo.latency.p99} ms, p50 ${solo.latency.p50} ms${bad ? `  (${bad} failed)` : ''}`,
    );
    if (bad) failed = true;
    if (r.latency.p99 > aim) over = true;
  }
  // The machine's load matters: the numbers above are only as good as the CPU left to the bench.
  console.log(
    `  ${over ? '(a p99 over its aim here) ' : ''}load average during the run: ${loadavg()[0].toFixed(1)}`,
  );
  return failed;
}
