// Where a route's first-page JavaScript comes from: builds the web app with source maps into a
// scratch folder, maps every byte of each chunk back to the source module it came from, and shares
// each chunk's gzipped size among its modules in proportion to their bytes in it (gzip works on the
// whole file, so a module's own gzipped size is an estimate). Run by the bundle bench when
// BUNDLE_BENCH_PROFILE names routes.
import { existsSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { bundleOf, kb, web } from './bundleRoutes.mjs';

const B64 = Object.fromEntries(
  [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'].map((c, i) => [c, i]),
);

/** The base64 VLQ numbers of one source-map segment. */
function vlq(segment) {
  const out = [];
  let value = 0;
  let shift = 0;
  for (const c of segment) {
    const digit = B64[c];
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      out.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return out;
}

/** Bytes of `code` per source of its map (`(unmapped)` for glue the bundler wrote itself). */
function bytesBySource(code, map) {
  const lines = code.split('\n');
  const totals = new Map();
  const add = (name, n) => totals.set(name, (totals.get(name) ?? 0) + n);
  let source = 0;
  map.mappings.split(';').forEach((line, i) => {
    const text = lines[i] ?? '';
    let col = 0;
    let from = 0;
    let owner = '(unmapped)';
    for (const seg of line ? line.split(',') : []) {
      const [dCol, dSrc] = vlq(seg);
      col += dCol;
      add(owner, Buffer.byteLength(text.slice(from, col)));
      from = col;
      if (dSrc === undefined) owner = '(unmapped)';
      else {
        source += dSrc;
        owner = map.sources[source];
      }
    }
    add(owner, Buffer.byteLength(text.slice(from)) + 1);
  });
  return totals;
}

/** A source path as the module it names: the npm package, or the workspace file. */
function moduleName(path) {
  const nm = path.lastIndexOf('node_modules/');
  if (nm >= 0) return path.slice(nm + 'node_modules/'.length);
  const ws = path.match(/(?:^|\/)((?:packages|web|contracts)\/.*)$/);
  return ws ? ws[1] : path;
}

/** The package (or workspace folder) a module belongs to. */
function groupName(module) {
  if (module.startsWith('(')) return module;
  const parts = module.split('/');
  if (module.startsWith('@')) return parts.slice(0, 2).join('/');
  if (parts[0] === 'packages') return `@payd/${parts[1]}`;
  if (parts[0] === 'web') return parts.slice(0, parts[2] === 'features' ? 4 : 3).join('/');
  return parts[0];
}

/** Builds web/ with source maps into a scratch folder of this checkout (two checkouts profiling
 * at once do not overwrite each other's build); returns the folder. */
export function buildWithMaps() {
  const checkout = createHash('sha256').update(web).digest('hex').slice(0, 8);
  const dist = `${tmpdir()}/payd-bundle-profile-${checkout}`;
  if (process.env.BUNDLE_BENCH_BUILD === '0') return dist;
  const r = spawnSync('npx', ['vite', 'build', '--sourcemap', 'hidden', '--outDir', dist, '--emptyOutDir'], {
    cwd: web,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (r.status !== 0) throw new Error(`vite build --sourcemap failed (${r.status})`);
  return dist;
}

/** Prints, for each route, its first page's gzipped kB by package and its `top` largest modules. */
export function printProfiles(dist, routes, layers, paths, top) {
  const { firstPage, sizeOf } = bundleOf(dist);
  for (const path of paths) {
    const page = routes.get(path);
    if (!page) throw new Error(`no route ${path}`);
    const { files, gz } = firstPage(page, layers(path));
    const modules = new Map();
    for (const file of files) {
      const code = readFileSync(`${dist}/${file}`, 'utf8');
      const mapFile = `${dist}/${file}.map`;
      const bySource = existsSync(mapFile)
        ? bytesBySource(code, JSON.parse(readFileSync(mapFile, 'utf8')))
        : new Map([['(bundler runtime)', Buffer.byteLength(code)]]);
      const ratio = sizeOf(file).gz / sizeOf(file).raw;
      for (const [src, n] of bySource) {
        const m = moduleName(src);
        modules.set(m, (modules.get(m) ?? 0) + n * ratio);
      }
    }
    const groups = new Map();
    for (const [m, n] of modules) groups.set(groupName(m), (groups.get(groupName(m)) ?? 0) + n);
    const rows = (map) => [...map].sort((a, b) => b[1] - a[1]).slice(0, top);
    console.log(`\n${path}: ${kb(gz)} kB gzipped in ${files.length} files; by package:`);
    for (const [g, n] of rows(groups)) console.log(`  ${kb(n).padStart(7)} kB  ${g}`);
    console.log(`${path}: largest modules:`);
    for (const [m, n] of rows(modules)) console.log(`  ${kb(n).padStart(7)} kB  ${m}`);
  }
}
