// `npm start`: builds what is missing, starts chain 88 (journaled, so it survives restarts),
// deploys the contracts, starts the API server that also serves the web app, waits until it
// answers and prints the URLs. Ctrl-C or SIGTERM stops everything it started; `.data/` stays.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as delay } from 'node:timers/promises';
import { startDevnet, type Devnet } from './devnet.ts';
import { DirectoryLockedError, lockDirectory } from '@payd/dir-lock';
import { DEPLOYMENT_FILE, depositContractFrom, startDevBeacon, type DevBeacon } from './beacon/index.ts';
import { buildWebIfStale, compileContractsIfStale } from './start/build.ts';
import { deployContracts } from './start/deploy.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Settings of the embedded default, from the environment. */
export interface StartSettings {
  /** Where everything persistent lives (`PAYD_DATA_DIR`, default `<repo>/.data`). */
  dataDir: string;
  /** API server and web app port (`PAYD_PORT`, default 8080). */
  port: number;
  /** Chain 88 JSON-RPC port (`PAYD_CHAIN_PORT`, default 8545). */
  chainPort: number;
  /** SMTP sink port (`PAYD_SMTP_PORT`, default 2525; 0 picks a free one). */
  smtpPort: number;
  /** Dev beacon node port (`PAYD_BEACON_PORT`, default 5052). */
  beaconPort: number;
  /** Where the web app is built and served from (`WEB_DIST`, default `<repo>/web/dist`). */
  webDist: string;
}

function portFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`${name} must be a port number`);
  return port;
}

/** Reads the settings from `env`. */
export function startSettings(env: NodeJS.ProcessEnv = process.env): StartSettings {
  return {
    dataDir: resolve(env.PAYD_DATA_DIR || join(root, '.data')),
    port: portFrom(env, 'PAYD_PORT', 8080),
    chainPort: portFrom(env, 'PAYD_CHAIN_PORT', 8545),
    smtpPort: portFrom(env, 'PAYD_SMTP_PORT', 2525),
    beaconPort: portFrom(env, 'PAYD_BEACON_PORT', 5052),
    webDist: resolve(env.WEB_DIST || join(root, 'web', 'dist')),
  };
}

const log = (line: string) => console.log(`[payd] ${line}`);

/** Relays a child's output into ours with a prefix, calling `onLine` for each line. */
function relay(
  stream: NodeJS.ReadableStream,
  out: NodeJS.WritableStream,
  label: string,
  onLine?: (l: string) => void,
) {
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      out.write(`[${label}] ${line}\n`);
      onLine?.(line);
    }
  });
}

/** Waits until the server answers HTTP at `url`, or fails when it exits first. */
async function waitForServer(url: string, server: ChildProcess, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  server.once('exit', () => (exited = true));
  while (Date.now() < deadline) {
    if (exited) throw new Error('the API server exited while starting (see its log above)');
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.status < 500) return;
    } catch {
      // Not listening yet.
    }
    await delay(200);
  }
  throw new Error(`the API server did not answer at ${url} within ${timeoutMs / 1000} s`);
}

/** Stops a child process: SIGTERM, then SIGKILL if it has not exited after `graceMs`. */
async function stopChild(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** Runs the embedded default until SIGINT/SIGTERM. */
export async function main(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const settings = startSettings(env);
  // One `npm start` per data directory, refused before it builds or starts anything: a second one
  // would start a second chain on the same journal and a second server on the same database.
  try {
    lockDirectory(settings.dataDir, { owner: 'npm start', what: 'the payd data directory' });
  } catch (error) {
    if (!(error instanceof DirectoryLockedError)) throw error;
    console.error(`[payd] ${error.message}.`);
    console.error(
      '[payd] payd is already running on it; stop it first, or set PAYD_DATA_DIR to start another one.',
    );
    process.exit(1);
  }
  log(`data directory: ${settings.dataDir}`);

  let devnet: Devnet | undefined;
  let beacon: DevBeacon | undefined;
  let server: ChildProcess | undefined;
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    log('stopping');
    if (server) await stopChild(server);
    if (beacon) await beacon.close();
    if (devnet) await devnet.close();
    log(`stopped; ${settings.dataDir} keeps every account and the chain for the next start`);
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  try {
    const hasContracts = await compileContractsIfStale(root, log);
    if (stopping) return;

    devnet = await startDevnet({ dataDir: settings.dataDir, port: settings.chainPort, owner: 'npm start' });
    const replay = devnet.chain.replay;
    log(
      `chain 88: ${replay.entries} journaled calls replayed, block ${replay.blockNumber}` +
        (replay.mismatchedBlocks > 0
          ? ` (WARNING: ${replay.mismatchedBlocks} blocks replayed differently)`
          : ''),
    );
    const publicRpcUrl = `http://localhost:${devnet.port}`;
    if (hasContracts) await deployContracts(root, devnet.url, log);
    if (stopping) return;
    if (existsSync(DEPLOYMENT_FILE)) {
      beacon = await startDevBeacon({
        rpcUrl: devnet.url,
        depositContract: depositContractFrom(env),
        port: settings.beaconPort,
        dataDir: settings.dataDir,
      });
      log(`dev beacon node: ${beacon.url}`);
    } else log('dev beacon node: no chain-88 deployment (deposit contract) yet; not started');
    await buildWebIfStale(root, settings.webDist, log);
    if (stopping) return;

    const publicUrl = `http://localhost:${settings.port}`;
    server = spawn(process.execPath, ['--import', 'tsx', join(root, 'server', 'src', 'main.ts')], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...env,
        PAYD_DATA_DIR: settings.dataDir,
        PORT: String(settings.port),
        HOST: env.HOST || '127.0.0.1',
        PUBLIC_URL: publicUrl,
        PGLITE_DIR: join(settings.dataDir, 'db'),
        SMTP_SINK_PORT: String(settings.smtpPort),
        WEB_DIST: settings.webDist,
        CHAIN_ID: String(devnet.chain.chainId),
        RPC_URL: devnet.url,
        PUBLIC_RPC_URL: publicRpcUrl,
        WS_URL: publicRpcUrl.replace(/^http/, 'ws'),
        DEV_FAUCET_URL: `${publicRpcUrl}/faucet`,
        DEV_TIME_URL: `${devnet.url}/dev/time`,
        ...(beacon ? { BEACON_URL: beacon.url } : {}),
      },
    });
    relay(server.stdout!, process.stdout, 'server');
    relay(server.stderr!, process.stderr, 'server');
    server.once('exit', (code, signal) => {
      if (stopping) return;
      console.error(`[payd] the API server exited (${signal ?? `exit ${code}`}); stopping`);
      void stop(1);
    });
    await waitForServer(`http://127.0.0.1:${settings.port}/`, server);

    console.log('');
    console.log(`  payd is running at ${publicUrl}`);
    console.log(`  dev mailbox:       ${publicUrl}/dev/mailbox`);
    console.log(
      `  chain 88 RPC:      ${publicRpcUrl} (faucet: POST /faucet, clock: ${publicRpcUrl}/dev/time)`,
    );
    if (beacon) console.log(`  dev beacon node:   ${beacon.url} (Beacon API)`);
    console.log('  Press Ctrl-C to stop.');
    console.log('');
  } catch (error) {
    console.error(`[payd] could not start: ${error instanceof Error ? error.message : String(error)}`);
    await stop(1);
  }
}
