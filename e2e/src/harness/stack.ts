// Runs the stack exactly as `npm start` does (node devnet/start.mjs), on free ports and a
// throw-away data directory, and stops its whole process group afterwards.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/**
 * The recent-sign-in window of the journeys' stack (the server's PAYD_DEV_RECENT_SIGN_IN_SECONDS,
 * embedded mode only; production keeps 5 minutes): journeys that need an old sign-in wait this
 * long instead of 5 minutes of real time. A stack started by hand for PAYD_E2E_URL needs the same
 * variable.
 */
export const E2E_RECENT_SIGN_IN_MS = Number(process.env.PAYD_DEV_RECENT_SIGN_IN_SECONDS || 90) * 1000;

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** A running payd stack. */
export interface Stack {
  /** Web app and API, e.g. `http://localhost:41234` (localhost, not an IP, for passkeys). */
  url: string;
  /** Chain 88 JSON-RPC URL. */
  chainUrl: string;
  /** The dev beacon node's Beacon API (and its dev controls). */
  beaconUrl: string;
  /** Its data directory. */
  dataDir: string;
  /** Its ports. */
  port: number;
  chainPort: number;
  /** Everything the stack printed so far (for failure reports). */
  output(): string;
  /** Stops every process of the stack; `keepData` leaves the data directory for a restart. */
  stop(options?: { keepData?: boolean }): Promise<void>;
  /** Kills every process of the stack at once with SIGKILL (a crash); the data directory stays. */
  kill(): Promise<void>;
}

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Options of `startStack`. */
export interface StackOptions {
  /** Reuse this data directory (a restart) instead of a fresh one. */
  dataDir?: string;
  /** Ports to use (a restart keeps the origin, and with it the browser's storage); default free ones. */
  port?: number;
  chainPort?: number;
  beaconPort?: number;
  /** Extra environment for the stack (e.g. a restricted-countries list). */
  env?: NodeJS.ProcessEnv;
  /** How long building and starting may take. */
  timeoutMs?: number;
  /** Staff users to create with the admin command before the stack starts. */
  staff?: StaffUser[];
}

/** A staff user made by `npm run admin -- create-staff`. */
export interface StaffUser {
  email: string;
  role: 'kyc-reviewer' | 'operator' | 'admin';
  password: string;
}

/**
 * Creates a staff user the documented way, `npm run admin -- create-staff` (server/src/admin/cli.ts),
 * on the data directory of a stack: it opens the embedded database itself when the stack is
 * stopped, and goes through the running server otherwise (the database has one owner).
 */
export async function createStaff(dataDir: string, user: StaffUser): Promise<void> {
  await promisify(execFile)(
    process.execPath,
    [
      '--import',
      'tsx',
      join(root, 'server', 'src', 'admin', 'cli.ts'),
      'create-staff',
      '--email',
      user.email,
      '--role',
      user.role,
      '--password',
      user.password,
    ],
    { cwd: join(root, 'server'), env: { ...process.env, PAYD_DATA_DIR: dataDir }, timeout: 120_000 },
  );
}

/** Starts `node devnet/start.mjs` and resolves once it prints that payd is running. */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'payd-e2e-'));
  const port = options.port ?? (await freePort());
  const chainPort = options.chainPort ?? (await freePort());
  const beaconPort = options.beaconPort ?? (await freePort());
  for (const user of options.staff ?? []) await createStaff(dataDir, user);
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [join(root, 'devnet', 'start.mjs')], {
    cwd: root,
    // Its own process group, so that stopping reaches the server and anything else it started.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      // Every journey's customers come from 127.0.0.1: the per-IP limits (sign-up 10 a minute)
      // are for one person, not for a whole test run's worth of them.
      RATE_LIMIT_FACTOR: '10',
      // The browser stands in for a proxy on loopback: the restricted-country journey names the
      // client's address with X-Forwarded-For, which the server believes only from a trusted proxy.
      TRUST_PROXY: 'loopback',
      PAYD_DEV_RECENT_SIGN_IN_SECONDS: String(E2E_RECENT_SIGN_IN_MS / 1000),
      ...options.env,
      PAYD_DATA_DIR: dataDir,
      PAYD_PORT: String(port),
      PAYD_CHAIN_PORT: String(chainPort),
      PAYD_SMTP_PORT: '0',
      PAYD_BEACON_PORT: String(beaconPort),
      // Its own build of the web app (one per journey run, set by globalSetup; else one per
      // checkout), so that a rebuild of web/dist elsewhere cannot pull the assets from under a
      // running journey.
      WEB_DIST:
        options.env?.WEB_DIST ??
        process.env.PAYD_E2E_WEB_DIST ??
        join(root, 'node_modules', '.cache', 'payd-e2e-web-dist'),
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const running = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /payd is running at (\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then(() =>
      reject(new Error(`npm start exited before payd was running:\n${output.slice(-4000)}`)),
    );
    const timeoutMs = options.timeoutMs ?? 300_000;
    setTimeout(
      () =>
        reject(new Error(`npm start was not running after ${timeoutMs / 1000} s:\n${output.slice(-4000)}`)),
      timeoutMs,
    ).unref();
  });

  // A stack that ends while its journeys still run says why in the run's log (a journey then meets
  // 'connection refused' with nothing else to go on).
  let ending = false;
  void running.then(
    () =>
      exited.then(() => {
        if (!ending)
          process.stderr.write(`payd stack on port ${port} exited while in use:\n${output.slice(-4000)}\n`);
      }),
    () => undefined,
  );

  const stop = async (stopOptions: { keepData?: boolean } = {}) => {
    ending = true;
    if (child.exitCode === null && child.signalCode === null) {
      // SIGTERM to the supervisor: it stops the server and the chain itself, like Ctrl-C.
      child.kill('SIGTERM');
      const killer = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }, 20_000);
      await exited;
      clearTimeout(killer);
    }
    try {
      // Anything of the group that outlived the supervisor.
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // Nothing left.
    }
    if (!stopOptions.keepData && !options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };

  const kill = async () => {
    ending = true;
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // Already gone.
    }
    if (child.exitCode === null && child.signalCode === null) await exited;
  };

  try {
    const url = await running;
    return {
      url,
      chainUrl: `http://localhost:${chainPort}`,
      beaconUrl: `http://127.0.0.1:${beaconPort}`,
      dataDir,
      port,
      chainPort,
      output: () => output,
      stop,
      kill,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
