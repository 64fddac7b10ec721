// `npm test`: lint and format check, type checks, every workspace's tests, then the browser journeys.
// Runs every step even when one fails, and exits non-zero if any failed.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const root = new URL('..', import.meta.url).pathname;
const only = process.argv.slice(2);

/** Workspaces in dependency order; each runs its own `test` script. */
const workspaces = JSON.parse(readFileSync(`${root}package.json`, 'utf8')).workspaces;

const steps = [
  ['lint', 'npx', ['eslint', '.', '--max-warnings=0']],
  ['format', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']],
  ['solidity lint', 'npm', ['run', 'lint', '-w', 'contracts']],
];
for (const ws of workspaces) {
  const pkg = JSON.parse(readFileSync(`${root}${ws}/package.json`, 'utf8'));
  if (pkg.scripts?.typecheck) steps.push([`typecheck ${ws}`, 'npm', ['run', 'typecheck', '-w', ws]]);
}
for (const ws of workspaces) {
  const pkg = JSON.parse(readFileSync(`${root}${ws}/package.json`, 'utf8'));
  if (pkg.scripts?.test) steps.push([`test ${ws}`, 'npm', ['run', 'test', '-w', ws]]);
}

const failed = [];
for (const [name, cmd, args] of steps) {
  if (only.length && !only.some((o) => name.includes(o))) continue;
  const started = Date.now();
  console.log(`\n=== ${name}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  if (r.status !== 0) failed.push(name);
  console.log(`=== ${name}: ${r.status === 0 ? 'ok' : 'FAILED'} (${secs} s)`);
}
if (!existsSync('/usr/bin/chromium'))
  console.log('note: /usr/bin/chromium is missing; browser journeys install it');
if (failed.length) {
  console.error(`\nFailed: ${failed.join(', ')}`);
  process.exit(1);
}
console.log('\nAll test steps passed.');
