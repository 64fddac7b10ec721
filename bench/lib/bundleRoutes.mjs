// What the bundle bench and its profile share: the route → page table read from the web app's route
// sources, and the chunks (with their gzipped size) a route's first page downloads, read from a
// Vite build's manifest.
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

export const web = new URL('../../web/', import.meta.url).pathname;
export const LOGIN_AIM_KB = 150;
export const PAGE_AIM_KB = 250;

const source = (p) => readFileSync(`${web}src/${p}`, 'utf8');
/** The guard lists and the paths without top navigation (web/src/shell/navigation/paths.ts). */
const PATHS = 'shell/navigation/paths.ts';

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

/** The paths RootLayout shows without the top navigation (paths.ts `topNavHiddenPaths`). */
function topNavHidden() {
  const m = source(PATHS).match(/topNavHiddenPaths = \[([^\]]*)\]/);
  if (!m) throw new Error(`${PATHS} has no topNavHiddenPaths`);
  return new Set([...m[1].matchAll(/'([^']+)'/g)].map((x) => x[1]));
}

/** The router.tsx paths whose route says `handle: { withoutQueryClient: true }`. */
function withoutQueryClient() {
  const text = source('routes/router.tsx');
  const out = new Set();
  for (const m of text.matchAll(/withoutQueryClient: true/g)) {
    const paths = [...text.slice(0, m.index).matchAll(/path: '([^']+)'/g)];
    if (paths.length) out.add(`/${paths.at(-1)[1]}`);
  }
  return out;
}

/** Route layouts router.tsx puts around a list of paths (`['/a', '/b'].map((p) => ({ path:
 * p.slice(1), lazy: ... import('../x') ...` : /borrower's and /guarantor's LendingRoleRoute), as
 * path -> layout source. */
function mappedLayouts() {
  const out = new Map();
  const re =
    /\[([^\]]*)\]\.map\(\(p\) => \(\{\s*path: p\.slice\(1\),\s*lazy: async \(\) => \(\{\s*Component: \(await import\('\.\.\/([^']+)'\)\)/g;
  for (const m of source('routes/router.tsx').matchAll(re))
    for (const path of m[1].matchAll(/'([^']+)'/g)) out.set(path[1], m[2]);
  return out;
}

/**
 * Every route with its page source, /login first; the set of routes behind the wallet gate (whose
 * first page also loads the WalletLayout chunk); and what RootLayout loads lazily around a page:
 * the top navigation (NavShell) unless the path hides it, the react-query client
 * (QueryClientLayer) unless the route says it needs none, and a layout router.tsx puts around
 * a list of paths (LendingRoleRoute, before /borrower and /guarantor).
 */
export function routeTable() {
  const walletPaths = new Set(
    [...source(PATHS).matchAll(/walletCheckedPaths = \[([^\]]*)\]/g)]
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
  routes.set('/backoffice', 'features/backoffice/StaffLayout.tsx');
  const sorted = [...routes].sort(([a], [b]) =>
    a === '/login' ? -1 : b === '/login' ? 1 : a.localeCompare(b),
  );
  const hidden = topNavHidden();
  const noQuery = withoutQueryClient();
  // (a layout the app does not have, in an older checkout, is left out)
  const mapped = mappedLayouts();
  const layers = (path) =>
    [
      ...(hidden.has(path) ? [] : ['shell/navigation/NavShell.tsx']),
      ...(mapped.has(path) ? [mapped.get(path)] : []),
      ...(noQuery.has(path) ? [] : ['shell/QueryClientLayer.tsx']),
      ...(walletPaths.has(path) ? ['features/wallet/WalletLayout.tsx'] : []),
    ].filter((file) => existsSync(`${web}src/${file}`));
  return { routes: new Map(sorted), walletPaths, layers };
}

/** The first-page weigher of the build in `dist` (its .vite/manifest.json). */
export function bundleOf(dist) {
  const manifest = JSON.parse(readFileSync(`${dist}/.vite/manifest.json`, 'utf8'));
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entryKey) throw new Error(`${dist}: the manifest has no entry`);

  /** Every chunk a manifest entry pulls in eagerly (itself and its static imports, transitively). */
  function closure(key, seen) {
    if (seen.has(key)) return;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  }
  /** The manifest key of a source file (path relative to web/src). */
  function keyOf(srcPath) {
    const key = Object.keys(manifest).find((k) => k.endsWith(`src/${srcPath}`));
    if (!key) throw new Error(`no chunk for ${srcPath} in the manifest`);
    return key;
  }
  const gzCache = new Map();
  /** Raw and gzipped (level 9) bytes of one emitted file. */
  function sizeOf(file) {
    if (!gzCache.has(file)) {
      const bytes = readFileSync(`${dist}/${file}`);
      gzCache.set(file, { raw: bytes.length, gz: gzipSync(bytes, { level: 9 }).length });
    }
    return gzCache.get(file);
  }
  // The active language's catalogue loads beside /config.json before the first page shows
  // (web/src/boot.tsx): English, the language of a browser that asks for none payd has.
  const catalogueKey = Object.keys(manifest).find((k) => k.endsWith('payd-catalogue:en'));
  /** The JavaScript files a route's first page downloads (the entry, the page and the lazy
   * layouts around it, `routeTable().layers`, and the English catalogue), with their total raw
   * and gzipped bytes. */
  function firstPage(page, layers) {
    const chunks = new Set();
    // A page that several chunks also import statically (the access-denied page) has no chunk of
    // its own: it comes inside those, and its first page is weighed without it (`shared`).
    const own = Object.keys(manifest).some((k) => k.endsWith(`src/${page}`));
    const keys = [
      entryKey,
      ...(own ? [keyOf(page)] : []),
      ...layers.map(keyOf),
      ...(catalogueKey ? [catalogueKey] : []),
    ];
    for (const k of keys) closure(k, chunks);
    const files = [...chunks].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
    let raw = 0;
    let gz = 0;
    for (const f of files) {
      raw += sizeOf(f).raw;
      gz += sizeOf(f).gz;
    }
    return { files, raw, gz, shared: !own };
  }
  return { firstPage, sizeOf };
}

export const kb = (n) => (n / 1024).toFixed(1);
