// Gzipped JavaScript the browser downloads to show each route's first page: the entry chunk and
// its static imports, plus the route's lazy page chunk (and, behind the wallet gate, the lazy
// WalletLayout chunk) with their static imports, read from web/dist/.vite/manifest.json. The
// route → page table is read from the route sources (router.tsx and the features' *Routes.ts), so
// a new page is measured without editing this file. Builds web/dist first when it is missing (or
// when BUNDLE_BENCH_BUILD=1). BUNDLE_BENCH_TOP=n lists the n largest files of /login.
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

const LOGIN_AIM_KB = 150;
const PAGE_AIM_KB = 250;

/** Every chunk a manifest entry pulls in eagerly (itself and its static imports, transitively). */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
}

/** The manifest key of a source file (path relative to web/src). */
function keyOf(srcPath) {
  const key = Object.keys(manifest).find((k) => k.endsWith(`src/${srcPath}`));
  if (!key) throw new Error(`no chunk for ${srcPath} in the manifest`);
  return key;
}

const source = (p) => readFileSync(`${web}src/${p}`, 'utf8');

/** '/path' → page source (relative to web/src) from a feature's `'/path': async () => import('./X')` table. */
function featureRoutes(file) {
  const dir = file.slice(0, file.lastIndexOf('/') + 1);
  const out = [];
  for (const m of source(file).matchAll(
    /'(\/[^']*)':\s*async \(\) => \(\{\s*Component: \(await import\('\.\/([^']+)'\)\)/g,
  ))
    out.push([m[1], dir + m[2]]);
  return out;
}

/** Public and signed-in routes written directly in router.tsx (`path: 'x', lazy: ... import('../y')`). */
function routerRoutes() {
  const out = [];
  const re = /path: '([^']+)',\s*lazy: async \(\) => \(\{\s*Component: \(await import\('\.\.\/([^']+)'\)\)/g;
  for (const m of source('routes/router.tsx').matchAll(re)) out.push([`/${m[1]}`, m[2]]);
  return out;
}

const walletPaths = new Set(
  [...source('routes/paths.ts').matchAll(/walletCheckedPaths = \[([^\]]*)\]/g)]
    .flatMap((m) => [...m[1].matchAll(/'([^']+)'/g)].map((x) => x[1]))
    .concat('/accountStatus', '/customer-support'),
);
const lendingRoutes = featureRoutes('features/lending/lendingRoutes.ts');
for (const [p] of lendingRoutes) walletPaths.add(p);

const routes = new Map([
  ...routerRoutes(),
  ...featureRoutes('features/kyc/kycRoutes.ts'),
  ...featureRoutes('features/staking/stakingRoutes.ts'),
  ...featureRoutes('features/billing/billingRoutes.ts'),
  ...lendingRoutes,
]);
routes.delete('/kyc-Status'); // the same page as /kyc-status
routes.set('/backoffice', 'backoffice/StaffLayout.tsx');

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey || !routes.has('/login')) {
  console.error('manifest has no entry, or the route sources no /login page');
  process.exit(1);
}
const gzCache = new Map();
function gzOf(file) {
  if (!gzCache.has(file)) {
    const bytes = readFileSync(`${web}dist/${file}`);
    gzCache.set(file, { raw: bytes.length, gz: gzipSync(bytes, { level: 9 }).length });
  }
  return gzCache.get(file);
}
function weigh(keys) {
  const chunks = new Set();
  for (const k of keys) closure(k, chunks);
  const files = [...chunks].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
  let raw = 0;
  let gz = 0;
  for (const f of files) {
    raw += gzOf(f).raw;
    gz += gzOf(f).gz;
  }
  return { files, raw, gz };
}

const kb = (n) => (n / 1024).toFixed(1);
const login = weigh([entryKey, keyOf(routes.get('/login'))]);
const top = Number(process.env.BUNDLE_BENCH_TOP ?? 8);
for (const f of login.files.sort((a, b) => gzOf(b).gz - gzOf(a).gz).slice(0, top))
  console.log(`  ${kb(gzOf(f).gz).padStart(7)} kB  ${f}`);

console.log('route                    gzipped JS   aim      files');
let missed = 0;
const sorted = [...routes].sort(([a], [b]) =>
  a === '/login' ? -1 : b === '/login' ? 1 : a.localeCompare(b),
);
for (const [path, page] of sorted) {
  const keys = [entryKey, keyOf(page)];
  if (walletPaths.has(path)) keys.push(keyOf('features/wallet/WalletLayout.tsx'));
  const { files, gz } = weigh(keys);
  const aim = path === '/login' ? LOGIN_AIM_KB : PAGE_AIM_KB;
  const ok = gz / 1024 <= aim;
  if (!ok) missed++;
  console.log(
    `${path.padEnd(24)} ${kb(gz).padStart(7)} kB  ≤ ${String(aim).padStart(3)} kB  ${String(files.length).padStart(3)}  ${ok ? '' : 'over'}`,
  );
}
console.log(
  `/login JavaScript: ${login.files.length} files, ${kb(login.raw)} kB raw, ${kb(login.gz)} kB gzipped (aim ≤ ${LOGIN_AIM_KB} kB); ${missed} route(s) over their aim`,
);
