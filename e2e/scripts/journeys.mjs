// `npm test -w e2e`: the journeys. Most share one stack (one vitest run). The journeys that move
// the dev clock by days or weeks, drive prices and credits, or expect a fresh chain each get a
// stack of their own (a vitest run each), so that no journey sees another's time or prices.
// The shared-stack run and the isolated runs go in two lanes at once (PAYD_E2E_LANES=1 runs them
// one after another); each lane's lines carry its name. A journey file that fails while the two
// lanes share the machine is run once more alone, and the summary names it: a journey that fails
// alone too fails the run. All runs share one web build (built once, under a lock), removed at the end.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
/** Journeys that run on a stack of their own (file names without .e2e.ts). */
const isolated = [
  'newcomer',
  'statements',
  'charges',
  'lendingTokens',
  'lendingMarket',
  'borrow',
  'billingTopUp',
  'cardPayment',
  'liquidStaking',
  'electraRequests',
];
const lanes = Number(process.env.PAYD_E2E_LANES ?? 2);
const webDist = join(root, '..', 'node_modules', '.cache', `payd-e2e-web-dist-run-${process.pid}`);
const reports = mkdtempSync(join(tmpdir(), 'payd-journeys-'));
const env = { ...process.env, PAYD_E2E_WEB_DIST: webDist };

/** One vitest run; resolves with the journey files that failed (empty when all passed). */
function vitest(label, args) {
  const report = join(reports, `${label}.json`);
  const all = [
    'vitest',
    'run',
    ...args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ];
  return new Promise((resolve) => {
    const child = spawn('npx', all, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream.on('data', (chunk) => {
        const lines = (rest + chunk.toString('utf8')).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) process.stdout.write(lanes > 1 ? `[${label}] ${line}\n` : `${line}\n`);
      });
      stream.on('end', () => rest && process.stdout.write(`[${label}] ${rest}\n`));
    }
    child.on('close', (code) => resolve(code === 0 ? [] : failedFiles(report, label)));
  });
}

/** The failed journey files of a run, from its JSON report; the run's label when there is none. */
function failedFiles(report, label) {
  try {
    const { testResults } = JSON.parse(readFileSync(report, 'utf8'));
    const failed = testResults.filter((r) => r.status !== 'passed').map((r) => r.name);
    return failed.length ? failed : [label];
  } catch {
    return [label];
  }
}

const sharedArgs = isolated.flatMap((name) => ['--exclude', `**/${name}.e2e.ts`]);
const sharedRun = () => vitest('shared', sharedArgs);
async function isolatedRuns() {
  const failed = [];
  for (const name of isolated) failed.push(...(await vitest(name, [`${name}.e2e`])));
  return failed;
}

let failed;
if (lanes > 1) failed = (await Promise.all([sharedRun(), isolatedRuns()])).flat();
else failed = [...(await sharedRun()), ...(await isolatedRuns())];

const stillFailed = [];
const passedAlone = [];
if (lanes > 1) {
  for (const file of failed) {
    const name = file.replace(/^.*\//, '').replace(/\.e2e\.ts$/, '');
    console.log(`\n=== ${name} failed beside the other lane: running it alone`);
    const again = await vitest(`${name}-alone`, name === 'shared' ? sharedArgs : [`${name}.e2e`]);
    (again.length ? stillFailed : passedAlone).push(name);
  }
} else stillFailed.push(...failed);

rmSync(webDist, { recursive: true, force: true });
rmSync(reports, { recursive: true, force: true });
if (passedAlone.length)
  console.log(`journeys that failed in two lanes and passed alone: ${passedAlone.join(', ')}`);
if (stillFailed.length) {
  console.error(`journeys failed: ${stillFailed.join(', ')}`);
  process.exit(1);
}
