// The pool job: one run (a tick) keeps the pool's validators registered, follows their statuses,
// exits validators the queue needs, settles arrived exits and reports rewards, each step on its own
// (a failing step is reported and the others still run; everything is tried again next tick). A
// tick runs only while holding the pool job lease (lease.ts), so several server instances take
// turns; a tick that finds the lease taken does nothing.
import { randomUUID } from 'node:crypto';
import type { DepositDataPool } from '@payd/validator-keys/node';
import type { Network } from '@payd/validator-keys';
import type { Db } from '../db/database.ts';
import type { BeaconClient } from '../staking/index.ts';
import { decideExits, followPoolStatuses, postExits, settleArrivedExits } from './exits.ts';
import { releaseLease, takeLease } from './lease.ts';
import type { PoolChain } from './poolChain.ts';
import type { PoolKeyVault } from './poolKeyVault.ts';
import { registerPoolValidators } from './registration.ts';
import { reportRewardsOncePerPeriod } from './rewardReports.ts';

export interface PoolJobDeps {
  db: Db;
  chain: PoolChain;
  beacon: BeaconClient;
  vault: PoolKeyVault;
  signer: DepositDataPool;
  network: Network;
  now: () => Date;
  /** Validators kept available in the pool (POOL_AVAILABLE_TARGET). */
  availableTarget: number;
  /** This runner's lease holder name (default: one per process). */
  holder?: string;
  /** How long a tick may hold the lease (default 10 minutes). */
  leaseMs?: number;
}

export const POOL_STEPS = ['register', 'follow', 'exit', 'postExits', 'settle', 'report'] as const;
export type PoolStep = (typeof POOL_STEPS)[number];

export interface PoolTickResult {
  /** False when another runner held the lease. */
  ran: boolean;
  /** Each step's outcome: what it did, or its error's message. */
  steps: Partial<Record<PoolStep, { ok: true; result: unknown } | { ok: false; error: string }>>;
}

const PROCESS_HOLDER = `pool-job:${randomUUID()}`;

/**
 * The latest tick of each lease holder in this process. The lease is taken again by its own holder,
 * so it keeps instances apart but not two ticks of one process (two RunPoolJob calls at once when
 * no interval job serialises them): those queue here, one after the other.
 */
const ticksInProcess = new Map<string, Promise<void>>();

/**
 * Runs one tick now (after a tick of the same holder in progress in this process); `onError` hears
 * each failing step (never with secrets: errors name ids only).
 */
export async function runPoolTick(
  d: PoolJobDeps,
  onError: (step: PoolStep, err: unknown) => void = () => undefined,
): Promise<PoolTickResult> {
  const holder = d.holder ?? PROCESS_HOLDER;
  const before = ticksInProcess.get(holder) ?? Promise.resolve();
  let done: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => (done = resolve));
  const mine = before.then(() => finished);
  ticksInProcess.set(holder, mine);
  await before;
  try {
    return await tickUnderLease(d, holder, onError);
  } finally {
    done();
    if (ticksInProcess.get(holder) === mine) ticksInProcess.delete(holder);
  }
}

async function tickUnderLease(
  d: PoolJobDeps,
  holder: string,
  onError: (step: PoolStep, err: unknown) => void,
): Promise<PoolTickResult> {
  if (!(await takeLease(d.db, holder, d.leaseMs ?? 10 * 60_000))) return { ran: false, steps: {} };
  const steps: PoolTickResult['steps'] = {};
  const step = async (name: PoolStep, run: () => Promise<unknown>) => {
    try {
      steps[name] = { ok: true, result: await run() };
    } catch (err) {
      steps[name] = { ok: false, error: err instanceof Error ? err.message.split('\n')[0]! : String(err) };
      onError(name, err);
    }
  };
  try {
    await step('register', () => registerPoolValidators(d, d.availableTarget));
    await step('follow', () => followPoolStatuses(d));
    await step('exit', () => decideExits(d));
    await step('postExits', () => postExits(d));
    await step('settle', () => settleArrivedExits(d));
    await step('report', () => reportRewardsOncePerPeriod(d));
  } finally {
    await releaseLease(d.db, holder);
  }
  return { ran: true, steps };
}

/**
 * Runs a tick now and then `intervalMs` after each ends (ticks never overlap in a process); stop()
 * waits for a tick in progress. A step failing the same way tick after tick is reported once.
 */
export function startPoolJob(
  d: PoolJobDeps,
  intervalMs: number,
  onError: (step: PoolStep, err: unknown) => void,
): { stop(): Promise<void>; runNow(): Promise<PoolTickResult> } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<PoolTickResult | undefined> = Promise.resolve(undefined);
  const lastErrors = new Map<PoolStep, string>();
  const report = (name: PoolStep, err: unknown) => {
    const message = err instanceof Error ? err.message : String(err);
    if (lastErrors.get(name) !== message) onError(name, err);
    lastErrors.set(name, message);
  };
  const once = (): Promise<PoolTickResult | undefined> => {
    const run = current.then(() =>
      runPoolTick(d, report).then(
        (r) => {
          for (const name of POOL_STEPS) if (r.steps[name]?.ok) lastErrors.delete(name);
          return r;
        },
        (err: unknown) => {
          report('register', err); // the lease itself failed (database down)
          return undefined;
        },
      ),
    );
    current = run;
    return run;
  };
  const tick = () => {
    void once().finally(() => {
      if (!stopped) timer = setTimeout(tick, intervalMs).unref();
    });
  };
  timer = setTimeout(tick, 0).unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
    /** One tick after any tick in progress (what the staff RunPoolJob call does). */
    async runNow() {
      return (await once()) ?? { ran: false, steps: {} };
    },
  };
}
