// Gzipped JavaScript the browser downloads to show each route's first page: the entry chunk and
// its static imports, plus the route's lazy page chunk and the lazy layouts around it (the top
// navigation, the react-query client, behind the wallet gate the WalletLayout) with their static
// imports, read from web/dist/.vite/manifest.json. The
// route → page table is read from the route sources (router.tsx and the features' *Routes.ts), so
// a new page is measured without editing this file. Builds web/dist first when it is missing (or
// when BUNDLE_BENCH_BUILD=1). BUNDLE_BENCH_TOP=n lists the n largest files of /login.
// BUNDLE_BENCH_PROFILE=/login,/stakeETH profiles those routes instead: a build with source maps in
// the system's temp folder (BUNDLE_BENCH_BUILD=0 reuses the last one), then the gzipped kB of their
// first page by package and by module (BUNDLE_BENCH_TOP rows each, 15 by default).
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { bundleOf, kb, LOGIN_AIM_KB, PAGE_AIM_KB, routeTable, web } from './lib/bundleRoutes.mjs';
import { buildWithMaps, printProfiles } from './lib/bundleProfile.mjs';

const { routes, layers } = routeTable();
if (!routes.has('/login')) {
  console.error('the route sources have no /login page');
  process.exit(1);
}
const top = Number(process.env.BUNDLE_BENCH_TOP ?? 8);

if (process.env.BUNDLE_BENCH_PROFILE) {
  const paths = process.env.BUNDLE_BENCH_PROFILE.split(',').map((p) => p.trim());
  printProfiles(buildWithMaps(), routes, layers, paths, Number(process.env.BUNDLE_BENCH_TOP ?? 15));
  process.exit(0);
}

if (!existsSync(`${web}dist/.vite/manifest.json`) || process.env.BUNDLE_BENCH_BUILD === '1') {
  const r = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: `${web}..`, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const { firstPage, sizeOf } = bundleOf(`${web}dist`);

const login = firstPage(routes.get('/login'), layers('/login'));
for (const f of [...login.files].sort((a, b) => sizeOf(b).gz - sizeOf(a).gz).slice(0, top))
  console.log(`  ${kb(sizeOf(f).gz).padStart(7)} kB  ${f}`);

console.log('route                    gzipped JS   aim      files');
let missed = 0;
for (const [path, page] of routes) {
  const { files, gz, shared } = firstPage(page, layers(path));
  const aim = path === '/login' ? LOGIN_AIM_KB : PAGE_AIM_KB;
  const ok = gz / 1024 <= aim;
  if (!ok) missed++;
  console.log(
    `${path.padEnd(24)} ${kb(gz).padStart(7)} kB  ≤ ${String(aim).padStart(3)} kB  ${String(files.length).padStart(3)}  ${ok ? '' : 'over'}${shared ? ' (page inside a shared chunk, not counted)' : ''}`,
  );
}
console.log(
  `/login JavaScript: ${login.files.length} files, ${kb(login.raw)} kB raw, ${kb(login.gz)} kB gzipped (aim ≤ ${LOGIN_AIM_KB} kB); ${missed} route(s) over their aim`,
);
