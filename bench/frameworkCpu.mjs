// Where a screen framework call's CPU goes: starts the framework bench's server (100,000 KYC
// persons, BENCH_ROWS) on PostgreSQL (PGURL, default the bench's) or PGlite (T=pglite), drives one
// call at 20 clients for D seconds (default 10) and prints, beside the latency, the CPU time a
// request of the server's node process, of every PostgreSQL process (read from /proc) and of the
// load generator. M=GetKycPerson15DtlById drives the detail call instead of the quick search;
// PROF=1 also writes the server's V8 CPU profile to /tmp/prof (open it in Chrome's DevTools).
// Run: node --import tsx bench/frameworkCpu.mjs
import { fork } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { PG_URL } from './lib/server.mjs';
import { SEARCH_WORDS } from './lib/kycPersons.mjs';

const PG = process.env.PGURL ?? PG_URL;
const target =
  process.env.T === 'pglite'
    ? { name: 'PGlite' }
    : { name: 'PostgreSQL', databaseUrl: PG, pgSchema: `bench_cpu_${process.pid}` };
const server = fork(new URL('./framework.bench.mjs', import.meta.url), {
  execArgv: ['--import', 'tsx', ...(process.env.PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : [])],
  env: { ...process.env, BENCH_SERVE: JSON.stringify(target) },
});
const ready = await new Promise((resolve) => server.once('message', resolve));
const { default: autocannon } = await import('autocannon');

/** User + system CPU of a process so far, in ms (clock ticks of 10 ms). */
const cpuMs = (pid) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) * 10;
};
/** CPU of every PostgreSQL process of this machine (0 when none runs here). */
const postgresMs = () =>
  readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .reduce((sum, d) => {
      try {
        return readFileSync(`/proc/${d}/cmdline`, 'utf8').startsWith('postgres:') ? sum + cpuMs(d) : sum;
      } catch {
        return sum;
      }
    }, 0);

const method = process.env.M ?? 'GetSearchList';
const bodies =
  method === 'GetSearchList'
    ? SEARCH_WORDS.map((w) => ({ searchStr: w, topN: 5, filterId: '0' }))
    : [{ keyId: '5', options: {}, filterId: '0' }];
let i = 0;
const server0 = cpuMs(server.pid);
const pg0 = postgresMs();
const self0 = process.cpuUsage();
const r = await autocannon({
  url: `${ready.url}/webservices/KycPersonWs.asmx/${method}`,
  method: 'POST',
  connections: 20,
  duration: Number(process.env.D ?? 10),
  headers: { 'content-type': 'application/json', authorization: `Bearer ${ready.token}` },
  requests: [{ setupRequest: (req) => ({ ...req, body: JSON.stringify(bodies[i++ % bodies.length]) }) }],
});
const self = process.cpuUsage(self0);
const n = r.requests.total;
const per = (ms) => (ms / n).toFixed(3);
console.log(
  `${method} on ${target.name}, 20 clients: ${n} requests, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ${Math.round(r.requests.average)} req/s, ${r.non2xx} not 2xx`,
);
console.log(
  `CPU a request: server ${per(cpuMs(server.pid) - server0)} ms, PostgreSQL ${target.databaseUrl ? per(postgresMs() - pg0) : '-'} ms, load generator ${per((self.user + self.system) / 1000)} ms`,
);
const closed = new Promise((resolve) => server.once('message', resolve));
server.send('close');
await closed;
if (target.pgSchema) {
  const { default: pg } = await import('pg');
  const client = new pg.Client(PG);
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${target.pgSchema} CASCADE`);
  await client.end();
}
