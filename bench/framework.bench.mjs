// Screen framework latency on a big table: seeds 100,000 KYC persons (one INSERT ... SELECT
// generate_series) with a document each on in-memory PGlite, starts the API server on an
// ephemeral port and drives KycPersonWs GetSearchList (quick search, review-queue filter) and
// GetKycPerson15DtlById with autocannon at 20 concurrent clients. Prints p50/p99 latency.
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { openDatabase } from '../server/src/db/database.ts';
import { TokenService } from '../server/src/auth/tokens.ts';
import { backofficeFeature } from '../server/src/backoffice/plugin.ts';

const ROWS = Number(process.env.BENCH_ROWS || 100_000);
const DURATION_S = Number(process.env.BENCH_DURATION || 10);
const CONNECTIONS = 20;
const AIM_MS = 50;

const config = loadConfig({
  TOKEN_SECRET: randomBytes(32).toString('hex'),
  DATA_KEY: randomBytes(32).toString('hex'),
  PORT: '0',
  WEB_DIST: '/nonexistent',
  RATE_LIMIT_FACTOR: '1000000',
});
const database = await openDatabase({});
const t0 = performance.now();
const [staff] = await database.query(
  `INSERT INTO users (usr_name, password_hash, role, created_at, password_changed_at)
   VALUES ('reviewer@payd.test', 'x', 10, now(), now()) RETURNING usr_id`,
);
await database.exec(`
  INSERT INTO kyc_person (name, email_addrs, gender_cd, internal_status, date_of_birth, annual_income, input_on, input_by)
  SELECT (array['Alice','Bob','Carol','Dave','Erin','Frank','Grace','Heidi','Ivan','Judy'])[1 + g % 10] || ' ' ||
         (array['Smith','Jones','Brown','Taylor','Wilson','Davies','Evans','Thomas','Roberts','Walker',
                'Wright','Hall','Green','Wood','Clarke','King','Baker','Lee','Hill','Scott'])[1 + (g / 10) % 20] || ' ' || g,
         'person' || g || '@example.com',
         (array['M','F'])[1 + g % 2],
         (array['P1','P2','P3','P4','AP','AP','AP','DE'])[1 + g % 8],
         date '1960-01-01' + (g % 15000),
         (g % 200000)::numeric + 0.5,
         now() - (g || ' minutes')::interval,
         ${staff.usr_id}
  FROM generate_series(1, ${ROWS}) g;
  INSERT INTO kyc_person_doc (kyc_person_id, doc_name, doc_type_cd, mime_type, doc_size, content, input_on)
  SELECT kyc_person_id, 'passport-' || kyc_person_id || '.jpg', 'ID', 'image/jpeg', 3, '\\x010203', now() FROM kyc_person;
  ANALYZE kyc_person; ANALYZE kyc_person_doc;`);
const seedMs = performance.now() - t0;

const mailer = { send() {}, async flush() {}, close() {} };
const app = await buildApp({ config, database, mailer, features: [backofficeFeature] });
const url = await app.listen({ port: 0, host: '127.0.0.1' });
const tokens = new TokenService({
  db: database.db,
  clock: { now: () => new Date() },
  tokenSecret: config.tokenSecret,
  accessTokenTtl: 3600,
  issuer: 'payd',
});
const { access_token } = await tokens.startSession(staff.usr_id, 'password');
const headers = { 'content-type': 'application/json', authorization: `Bearer ${access_token}` };

/** Drives one method with bodies taken in turn; returns autocannon's result. */
async function drive(method, bodies, connections = CONNECTIONS) {
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
}

const words = ['smith', 'jon', 'grace wal', 'taylor', 'person123', 'heidi', 'kin', 'brown 4', 'lee', 'scott'];
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
  `screen framework on PGlite, ${ROWS} KYC persons + ${ROWS} documents (seeded in ${(seedMs / 1000).toFixed(1)} s),`,
);
console.log(`${CONNECTIONS} concurrent clients, ${DURATION_S} s per call (aim: p99 under ${AIM_MS} ms):`);
let over = false;
for (const [label, method, bodies] of runs) {
  const r = await drive(method, bodies);
  // One client alone shows the cost of a request without queueing behind the other 19.
  const solo = await drive(method, bodies, 1);
  const bad = r.non2xx + r.errors + r.timeouts + solo.non2xx + solo.errors + solo.timeouts;
  console.log(
    `  ${label.padEnd(44)} p99 ${String(r.latency.p99).padStart(4)} ms  p50 ${String(r.latency.p50).padStart(4)} ms  ${r.requests.average.toFixed(0)} req/s` +
      `  | 1 client: p99 ${solo.latency.p99} ms, p50 ${solo.latency.p50} ms${bad ? `  (${bad} failed)` : ''}`,
  );
  if (bad) process.exitCode = 1;
  if (r.latency.p99 > AIM_MS) over = true;
}
if (over)
  console.log(
    `  (a p99 over ${AIM_MS} ms here; see the load average: ${(await import('node:os')).loadavg()[0].toFixed(1)})`,
  );
await app.close();
await database.close();
