// The sync job's schedule: runs at once and again after each run, reports a repeating failure
// once (a beacon node that is down is one log line per outage), and stops. What it writes is
// tested over the dev beacon node in sync.test.ts.
import { describe, expect, it } from 'vitest';
import type { BeaconClient } from './beacon/index.ts';
import { startValidatorSyncJob, syncAllValidators } from './syncJob.ts';
import type { SyncDeps } from './syncValidators.ts';

describe('startValidatorSyncJob', () => {
  it('reports a failure that repeats once, and runs no more after stop()', async () => {
    let runs = 0;
    let third!: () => void;
    const ran = new Promise<void>((resolve) => (third = resolve));
    const beacon = {
      getSpec: async () => {
        if (++runs === 3) third();
        throw new Error('beacon node down');
      },
      getGenesis: async () => ({}),
      getHeadSlot: async () => 0n,
    } as unknown as BeaconClient;
    const errors: unknown[] = [];
    const job = startValidatorSyncJob({ beacon } as unknown as SyncDeps, 1, (err) => errors.push(err));
    await ran;
    await job.stop();
    const stoppedAt = runs;
    expect(stoppedAt).toBeGreaterThanOrEqual(3);
    expect(errors).toEqual([new Error('beacon node down')]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(runs).toBe(stoppedAt);
  });

  it('syncs nothing, and reads no database, without a beacon node', async () => {
    const deps = { beacon: null, db: null } as unknown as SyncDeps;
    expect(await syncAllValidators(deps)).toEqual({ wallets: 0, validators: 0, newHistory: 0 });
  });
});
