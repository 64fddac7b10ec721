// Login throughput: starts the API server on an in-memory PGlite with an ephemeral port,
// creates a user, and drives authWs/Login (argon2id verify + authorization code) with
// autocannon at 50 concurrent clients. Prints successful sign-ins per second, the p99 latency of
// every answer, and how many were refused with 429 because the hashing pool was full.
import autocannon from 'autocannon';
import { buildApp } from '../server/src/app.ts';
import { openDatabase } from '../server/src/db/database.ts';
import { users } from '../server/src/db/schema.ts';
import { hashPassword } from '../server/src/auth/passwords.ts';
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
const url = await app.listen({ port: 0, host: '127.0.0.1' });

const result = await autocannon({
  url: `${url}/webservices/authWs.asmx/Login`,
  method: 'POST',
  connections: CONNECTIONS,
  duration: DURATION_S,
  // Seconds; argon2id at OWASP cost on a shared machine can queue requests for several seconds.
  timeout: 30,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    client_id: 'web',
    usrName: 'bench@example.com',
    password: 'bench password',
    // The S256 challenge of RFC 7636's example verifier (plain challenges are refused).
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
  }),
});
await app.close();
await database.close();

const ok = result['2xx'];
const busy = result.statusCodeStats?.['429']?.count ?? 0;
const signInsPerSecond = ok / DURATION_S;
console.log(`login (argon2id m=19MiB t=2 p=1, PGlite), ${CONNECTIONS} concurrent clients, ${DURATION_S} s:`);
console.log(
  `  sign-ins/second:  ${signInsPerSecond.toFixed(1)} (aim: keep ~86, the figure before the hashing pool)`,
);
console.log(
  `  latency p99:      ${result.latency.p99} ms (p50 ${result.latency.p50} ms; aim: p99 < 1,200 ms)`,
);
console.log(
  `  responses:        ${ok} 2xx, ${busy} 429 (pool full, Retry-After: 1), ${result.non2xx - busy} other non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
);
if (result.non2xx - busy) process.exitCode = 1;
