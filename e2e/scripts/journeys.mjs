// `npm test -w e2e`: the journeys. Most share one stack (one vitest run). The journeys that move
// the dev clock by days or weeks, drive prices and credits, or expect a fresh chain each get a
// stack of their own (a vitest run each), so that no journey sees another's time or prices.
// All runs share one web build, removed at the end.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
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
];
const webDist = join(root, '..', 'node_modules', '.cache', `payd-e2e-web-dist-run-${process.pid}`);
const env = { ...process.env, PAYD_E2E_WEB_DIST: webDist };
const vitest = (args) =>
  spawnSync('npx', ['vitest', 'run', ...args], { cwd: root, stdio: 'inherit', env }).status === 0;

const failed = [];
if (!vitest(isolated.flatMap((name) => ['--exclude', `**/${name}.e2e.ts`]))) failed.push('shared stack');
for (const name of isolated) if (!vitest([`${name}.e2e`])) failed.push(name);
rmSync(webDist, { recursive: true, force: true });
if (failed.length) {
  console.error(`journeys failed: ${failed.join(', ')}`);
  process.exit(1);
}
