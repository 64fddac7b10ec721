// Crash safety of the embedded default, as a test: the whole stack (`npm start`) is killed with
// SIGKILL at a random moment while sign-ups, KYC saves, approvals, wallet registrations, validator
// creation and chain writes (faucet, transactions) are in flight, started again on the same data
// directory, and every write whose reply arrived before the kill is checked to be there.
// `npm run crash -w e2e` runs it (20 cycles); crash.e2e.ts runs a short version in `npm test`.
// The run's shared state is one CrashRun (context.ts); the writers are in writers.ts and staker.ts,
// the checks in verify.ts, the report in report.ts.
import { rmSync } from 'node:fs';
import { startStack, type Stack, type StaffUser } from '../harness/stack.ts';
import { must, rpc, signIn, signUp } from './client.ts';
import {
  email,
  password,
  random,
  scalars,
  sleep,
  type Ack,
  type CrashRun,
  type Customer,
  type Row,
} from './context.ts';
import { emptyReport, type CrashOptions, type CrashReport } from './report.ts';
import { stake } from './staker.ts';
import { countReplay, verify } from './verify.ts';
import { startWriters } from './writers.ts';

export {
  formatReport,
  type CrashOptions,
  type CrashReport,
  type WriteCount,
  type WriteKind,
} from './report.ts';

/** Where the stack lives across restarts: the same data directory and ports, the same environment. */
interface Restart {
  dataDir: string;
  port: number;
  chainPort: number;
  env: Record<string, string>;
}

/** The customer whose KYC record the writers save over and over: signed up, with a first record. */
async function newKycCustomer(base: string): Promise<Customer> {
  const kycCustomer: Customer = { email: email('kyc'), password: password(), usrId: 0 };
  kycCustomer.usrId = await signUp(base, kycCustomer.email, kycCustomer.password);
  const token = await signIn(base, kycCustomer.email, kycCustomer.password);
  const blank = await must<Row>(base, 'KycPerson', 'GetNewMst', {}, token);
  const saved = await must<{ mst: Row }>(
    base,
    'KycPerson',
    'SaveData',
    {
      mst: {
        ...scalars(blank),
        Name15: 'Crash 0',
        GenderCd15: 'F',
        DateOfBirth15: '1990-05-04',
        DisclosuresChked15: 'Y',
      },
      dtl: [],
      options: {},
    },
    token,
  );
  kycCustomer.kycId = String(saved.mst.KycPersonId15);
  return kycCustomer;
}

/**
 * One cycle: the writers run until a kill at a random moment, the stack starts again on the same data,
 * and this cycle's acknowledged writes are checked. Returns them.
 */
async function runCycle(
  run: CrashRun,
  cycle: number,
  options: CrashOptions,
  restart: Restart,
  senders: string[],
): Promise<Ack[]> {
  const { report, log } = run;
  const [killMin, killMax] = options.killWindowMs ?? [500, 6000];
  run.acks = [];
  run.stop = false;
  run.inFlight = 0;
  const sender = senders[(cycle - 1) % senders.length]!;
  const writers = startWriters(run, run.stack.url, run.stack.chainUrl, sender);
  const killAfter = Math.round(killMin + run.rand() * (killMax - killMin));
  await sleep(killAfter);
  run.stop = true;
  const flyingAtKill = run.inFlight;
  await run.stack.kill();
  report.inFlightAtKill += flyingAtKill;
  await Promise.all(writers);

  const started = Date.now();
  const { dataDir, port, chainPort, env } = restart;
  run.stack = await startStack({ dataDir, port, chainPort, timeoutMs: 900_000, env });
  report.starts++;
  report.restartSeconds.push((Date.now() - started) / 1000);
  countReplay(run, run.stack);
  const acks = run.acks;
  const lost = await verify(run, acks, false);
  report.cycles++;
  log(
    `cycle ${cycle}/${options.cycles}: killed after ${killAfter} ms with ${flyingAtKill} calls in flight, ` +
      `${acks.length} writes acknowledged, ${acks.length - lost} found after the restart ` +
      `(restart ${report.restartSeconds.at(-1)!.toFixed(1)} s)`,
  );
  return acks;
}

export async function runCrashTest(options: CrashOptions): Promise<CrashReport> {
  const log = options.log ?? ((line: string) => console.log(line));
  const rand = random(options.seed);
  const reviewer: StaffUser = { email: email('reviewer'), role: 'kyc-reviewer', password: password() };
  const report = emptyReport();

  // The stack as `npm start` runs it, with a reviewer made by the admin command before it starts.
  // Everyone here signs up from 127.0.0.1: the per-IP limits are for one person, not for this.
  const env = { RATE_LIMIT_FACTOR: '100' };
  const stack: Stack = await startStack({ timeoutMs: 900_000, staff: [reviewer], env });
  report.starts++;
  report.dataDir = stack.dataDir;
  const restart: Restart = { dataDir: stack.dataDir, port: stack.port, chainPort: stack.chainPort, env };
  // kycCustomer is set before any writer reads it
  const run: CrashRun = {
    log,
    rand,
    reviewer,
    report,
    stack,
    kycCustomer: undefined as unknown as Customer,
    staker: undefined,
    kycSaves: 0,
    acks: [],
    stop: false,
    inFlight: 0,
  };
  const allAcks: Ack[] = [];
  try {
    const accounts = await rpc<string[]>(run.stack.chainUrl, 'eth_accounts');
    // Hardhat's accounts 10..19: the deployer (0) and the server's admin key (1) are not touched.
    const senders = accounts.slice(10);
    // Long-lived customers: one whose KYC record is saved over and over, and the current staker.
    run.kycCustomer = await newKycCustomer(run.stack.url);

    // A staker with a first validator before the first kill (later ones are made in flight).
    await stake(run, run.stack.url, 1);
    allAcks.push(...run.acks);

    for (let cycle = 1; cycle <= options.cycles; cycle++)
      allAcks.push(...(await runCycle(run, cycle, options, restart, senders)));
    // And at the end, everything acknowledged in every cycle is still there.
    const lost = await verify(run, allAcks, true);
    log(`final check: ${allAcks.length - lost} of ${allAcks.length} acknowledged writes there`);
  } finally {
    await run.stack.stop({ keepData: true });
    if (!options.keepData) rmSync(restart.dataDir, { recursive: true, force: true });
  }
  return report;
}
