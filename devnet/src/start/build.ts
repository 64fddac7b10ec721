// Builds what `npm start` serves when it is missing or older than its sources: the web app bundle
// and the contract artifacts.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { createHash } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';

/** Newest modification time (ms) of any file under `paths` (0 when none exist). */
export function newestMtime(paths: string[]): number {
  let newest = 0;
  const visit = (path: string): void => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const name of readdirSync(path)) if (name !== 'node_modules') visit(join(path, name));
    } else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const path of paths) visit(path);
  return newest;
}

/** True when `output` is missing or older than the newest of `sources`. */
export function isStale(output: string, sources: string[]): boolean {
  if (!existsSync(output)) return true;
  return newestMtime(sources) > statSync(output).mtimeMs;
}

/** Runs a command with its output prefixed in our log; rejects when it fails. */
export function run(
  command: string,
  args: string[],
  options: { cwd: string; label: string; env?: NodeJS.ProcessEnv },
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: 'pipe' });
    const relay = (stream: NodeJS.ReadableStream, out: NodeJS.WritableStream) => {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) out.write(`[${options.label}] ${line}\n`);
      });
      stream.on('end', () => rest && out.write(`[${options.label}] ${rest}\n`));
    };
    relay(child.stdout, process.stdout);
    relay(child.stderr, process.stderr);
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`)),
    );
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Runs `fn` while holding a machine-wide lock named `name`, so two starts (a developer's and a
 * test run's) never build into the same folder at once. A lock whose holder died is broken.
 */
export async function withBuildLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const dir = join(tmpdir(), `payd-${name}.lock`);
  const owner = join(dir, 'pid');
  for (;;) {
    try {
      mkdirSync(dir);
      writeFileSync(owner, String(process.pid));
      break;
    } catch {
      try {
        const pid = Number(readFileSync(owner, 'utf8'));
        if (!isAlive(pid)) rmSync(dir, { recursive: true, force: true });
      } catch {
        // Just created (no pid yet) or just released: look again shortly.
        if (existsSync(dir) && Date.now() - statSync(dir).mtimeMs > 60_000)
          rmSync(dir, { recursive: true, force: true });
      }
      await delay(250);
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Builds the web app into `outDir` (normally `web/dist`) with `npm run build -w web` when it is
 * missing or older than its sources.
 */
export async function buildWebIfStale(
  root: string,
  outDir: string,
  log: (line: string) => void,
): Promise<void> {
  const web = join(root, 'web');
  const sources = [
    join(web, 'src'),
    join(web, 'public'),
    join(web, 'index.html'),
    join(web, 'vite.config.ts'),
    join(web, 'vite.humanModels.ts'),
    join(web, 'package.json'),
    join(root, 'packages'),
  ];
  const shown = relative(root, outDir).startsWith('..') ? outDir : relative(root, outDir);
  const lockName = `web-build-${createHash('sha256').update(outDir).digest('hex').slice(0, 12)}`;
  await withBuildLock(lockName, async () => {
    if (!isStale(join(outDir, 'index.html'), sources)) {
      log(`web: ${shown} is up to date`);
      return;
    }
    log(`web: building ${shown} (npm run build -w web)`);
    const args = ['run', 'build', '-w', 'web'];
    if (resolve(outDir) !== join(web, 'dist')) args.push('--', '--outDir', outDir, '--emptyOutDir');
    await run('npm', args, { cwd: root, label: 'web build' });
  });
}

/** Compiles the contracts with Hardhat when their artifacts are missing or older than the sources. */
export async function compileContractsIfStale(root: string, log: (line: string) => void): Promise<boolean> {
  const contracts = join(root, 'contracts');
  const sources = join(contracts, 'src');
  if (newestMtime([sources]) === 0) {
    log('contracts: no Solidity sources yet; nothing to compile');
    return false;
  }
  await withBuildLock('contracts-compile', async () => {
    const marker = join(contracts, 'cache', 'solidity-files-cache.json');
    if (!isStale(marker, [sources, join(contracts, 'hardhat.config.ts')])) {
      log('contracts: artifacts are up to date');
      return;
    }
    log('contracts: compiling (hardhat compile)');
    await run('npx', ['hardhat', 'compile', '--quiet'], { cwd: contracts, label: 'contracts' });
  });
  return true;
}
