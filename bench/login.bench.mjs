// Login under load: starts the API server on an in-memory PGlite with an ephemeral port, creates
// a user, and drives authWs/Login (argon2id verify + authorization code) from 50 concurrent
// clients for BENCH_DURATION seconds (10 by default). Each client behaves like the web app: when
// the server answers 429 (the hashing pool is full) it waits the Retry-After the server gave
// before it tries again, instead of hammering the server. Prints successful sign-ins per second,
// the p99 latency of every answer (the figure), the p99 time a person waits from their
// first try to being signed in (the 429 waits included), and the count of each kind of answer.
import { buildApp } from '../server/src/app.ts';
import { openDatabase } from '../server/src/db/database.ts';
import { users } from '../server/src/db/schema.ts';
import { hashPassword } from '../server/src/auth/passwords.ts';
import { passwordHashing } from '../server/src/auth/hashingGate.ts';
import { benchConfig, nullMailer } from './lib/server.mjs';

const DURATION_S = Number(process.env.BENCH_DURATION || 10);
const CONNECTIONS = 50;

const config = await benchConfig();
const database = await openDatabase({});
const now = new Date();
await database.db.insert(users).values({
  usrName: 'bench@example.com',
  passwordHash: await hashPassword('bench password'),
  createdAt: now,
  passwordChangedAt: now,
});
const app = await buildApp({ config, database, mailer: nullMailer, features: [] });
const url = `${await app.listen({ port: 0, host: '127.0.0.1' })}/webservices/authWs.asmx/Login`;
const body = JSON.stringify({
  client_id: 'web',
  usrName: 'bench@example.com',
  password: 'bench password',
  // The S256 challenge of RFC 7636's example verifier (plain challenges are refused).
  code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
  code_challenge_method: 'S256',
});

const answers = []; // ms per HTTP answer, any status
const signIns = []; // ms from a client's first try to its 2xx, 429 waits included
const counts = { ok: 0, busy: 0, other: 0, errors: 0 };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const end = performance.now() + DURATION_S * 1000;

async function client() {
  let firstTry = performance.now();
  while (performance.now() < end) {
    const t0 = performance.now();
    let res;
    try {
      res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      await res.arrayBuffer();
    } catch {
      counts.errors++;
      continue;
    }
    const t1 = performance.now();
    answers.push(t1 - t0);
    if (res.status === 200) {
      counts.ok++;
      signIns.push(t1 - firstTry);
      firstTry = performance.now();
    } else if (res.status === 429) {
      counts.busy++;
      await sleep(Number(res.headers.get('retry-after') || 1) * 1000);
    } else counts.other++;
  }
}

await Promise.all(Array.from({ length: CONNECTIONS }, client));
await app.close();
await database.close();

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? Math.round(s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]) : NaN;
};
const { maxRunning, maxWaiting } = passwordHashing;
console.log(
  `login (argon2id m=19MiB t=2 p=1, PGlite), ${CONNECTIONS} concurrent clients that honour Retry-After, ${DURATION_S} s, hashing pool ${maxRunning} running + ${maxWaiting} waiting:`,
);
console.log(
  `  sign-ins/second:  ${(counts.ok / DURATION_S).toFixed(1)} (aim: keep ~86, the figure before the hashing pool)`,
);
console.log(`  latency p99:      ${pct(answers, 99)} ms (p50 ${pct(answers, 50)} ms; aim: p99 < 1,200 ms)`);
console.log(
  `  wait to sign in:  p99 ${pct(signIns, 99)} ms, p50 ${pct(signIns, 50)} ms (first try to signed in, 429 waits included)`,
);
console.log(
  `  responses:        ${counts.ok} 2xx, ${counts.busy} 429 (pool full), ${counts.other} other, ${counts.errors} errors`,
);
if (counts.other || counts.errors) process.exitCode = 1;
