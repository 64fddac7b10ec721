// Gzipped JavaScript the browser downloads to show /login: the entry chunk, its static imports,
// and the lazy LoginPage route chunk with its static imports, read from web/dist/.vite/manifest.json.
// Builds web/dist first when it is missing (or when BUNDLE_BENCH_BUILD=1).
import { existsSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';

const web = new URL('../web/', import.meta.url).pathname;
const manifestPath = `${web}dist/.vite/manifest.json`;
if (!existsSync(manifestPath) || process.env.BUNDLE_BENCH_BUILD === '1') {
  const r = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: `${web}..`, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

/** Every chunk a manifest entry pulls in eagerly (itself and its static imports, transitively). */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const loginKey = Object.keys(manifest).find((k) => k.endsWith('features/auth/LoginPage.tsx'));
if (!entryKey || !loginKey) {
  console.error('manifest has no entry or no LoginPage chunk');
  process.exit(1);
}
const chunks = closure(loginKey, closure(entryKey));
let raw = 0;
let gz = 0;
const rows = [];
for (const key of chunks) {
  const file = manifest[key].file;
  if (!file.endsWith('.js')) continue;
  const bytes = readFileSync(`${web}dist/${file}`);
  const g = gzipSync(bytes, { level: 9 }).length;
  raw += bytes.length;
  gz += g;
  rows.push([file, g]);
}
rows.sort((a, b) => b[1] - a[1]);
for (const [file, g] of rows.slice(0, 8)) console.log(`  ${(g / 1024).toFixed(1).padStart(7)} kB  ${file}`);
console.log(
  `/login JavaScript: ${rows.length} files, ${(raw / 1024).toFixed(1)} kB raw, ${(gz / 1024).toFixed(1)} kB gzipped (aim < 200 kB)`,
);
