// The cost of one KycPersonWs GetSearchList call, before and after the search's prepared
// statements (issue 16), in one process on one seeded database: the engine's searchList called in
// alternation with the database as it is (named prepared statements, a generic plan) and behind a
// plain executor (every statement unnamed, parsed and planned on each call: the engine before).
// Prints per call the CPU time of this process (PGlite runs in it) and, on PostgreSQL, of the
// server process that ran the statements, with the load average: on a shared machine the CPU
// time of a call says more than its wall time. Not a *.bench.mjs (no aim): run it alone,
// `node --import tsx bench/frameworkSearch.ab.mjs` (BENCH_ROWS, AB_CALLS, AB_ROUNDS).
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { onEachDatabase } from './lib/databases.mjs';
import { SEARCH_WORDS, seedKycPersons } from './lib/kycPersons.mjs';

const ROWS = Number(process.env.BENCH_ROWS || 100_000);
const CALLS = Number(process.env.AB_CALLS || 110);
const ROUNDS = Number(process.env.AB_ROUNDS || 4);

const { screenContext } = await import('../server/src/framework/screenContext.ts');
const { searchList } = await import('../server/src/framework/searchQuery.ts');
const { kycPersonScreen } = await import('../server/src/kyc/kycPerson.ts');

// The ten words of the 20-client bench and the review-queue filter, in turn.
const bodies = [
  ...SEARCH_WORDS.map((w) => ({ searchStr: w, topN: 5, filterId: '0' })),
  { searchStr: '', topN: 5, filterId: '1' },
];

const failed = await onEachDatabase('bench_fwab', async (label, open) => {
  const { database, close } = await open();
  try {
    return await compare(label, database);
  } finally {
    await close();
  }
});
if (failed) process.exitCode = 1;

/** CPU ms of a PostgreSQL server process so far (user + system, from /proc), or null. */
function backendMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

async function compare(label, database) {
  const t0 = performance.now();
  const usrId = await seedKycPersons(database, ROWS);
  console.log(`${label}: ${ROWS} KYC persons seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const clock = { now: () => new Date() };
  const after = screenContext(kycPersonScreen, { db: database.db, clock });
  // The engine before: the same statements, through an executor that is not the database.
  const plain = { execute: (q) => database.db.execute(q) };
  const before = screenContext(kycPersonScreen, { db: plain, clock });
  const caller = { usrId, usrName: 'reviewer@payd.test', role: 10 };
  for (const body of bodies) {
    const [a, b] = [await searchList(before, caller, body), await searchList(after, caller, body)];
    if (JSON.stringify(a) !== JSON.stringify(b)) {
      console.log(`  different answers for ${JSON.stringify(body)}`);
      return true;
    }
  }
  // pg's pool hands out the connection released last: one connection runs these calls.
  const pid =
    database.kind === 'postgres' ? (await database.query('SELECT pg_backend_pid() AS pid'))[0].pid : null;
  const totals = { before: [], after: [] };
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 ? ['after', 'before'] : ['before', 'after'];
    for (const name of order) {
      const ctx = name === 'before' ? before : after;
      const b0 = pid && backendMs(pid);
      const c0 = process.cpuUsage();
      const w0 = performance.now();
      for (let i = 0; i < CALLS; i++) await searchList(ctx, caller, bodies[i % bodies.length]);
      const c = process.cpuUsage(c0);
      const run = {
        wall: (performance.now() - w0) / CALLS,
        cpu: (c.user + c.system) / 1000 / CALLS,
        backend: pid && b0 !== null ? (backendMs(pid) - b0) / CALLS : null,
      };
      totals[name].push(run);
      console.log(
        `  round ${round + 1} ${name.padEnd(6)} ${CALLS} calls: ${run.cpu.toFixed(2)} ms CPU here` +
          (run.backend !== null ? ` + ${run.backend.toFixed(2)} ms in PostgreSQL` : '') +
          `, ${run.wall.toFixed(2)} ms wall a call (load average ${loadavg()[0].toFixed(1)})`,
      );
    }
  }
  const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  for (const name of ['before', 'after']) {
    const runs = totals[name];
    const backend =
      runs[0].backend !== null ? ` + ${median(runs.map((r) => r.backend)).toFixed(2)} in PostgreSQL` : '';
    console.log(
      `  ${name.padEnd(6)} median of ${ROUNDS}: ${median(runs.map((r) => r.cpu)).toFixed(2)} ms CPU${backend}, ` +
        `${median(runs.map((r) => r.wall)).toFixed(2)} ms wall a call`,
    );
  }
  return false;
}
