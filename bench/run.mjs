// `npm run bench`: runs every benchmark script in this folder (files named *.bench.mjs) in turn.
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const dir = new URL('.', import.meta.url).pathname;
const only = process.argv.slice(2);
let failed = 0;
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith('.bench.mjs'))
  .sort()) {
  if (only.length && !only.some((o) => file.includes(o))) continue;
  console.log(`\n### ${file}`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', `${dir}${file}`], { stdio: 'inherit', cwd: dir });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
