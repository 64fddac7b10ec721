import { describe, expect, it } from 'vitest';
import type { ChargeJobDeps } from './job.ts';
import { startChargeJob } from './job.ts';

describe('startChargeJob', () => {
  it('runs at once, reports a failed run and runs no more after stop()', async () => {
    let runs = 0;
    let first!: () => void;
    const ran = new Promise<void>((resolve) => (first = resolve));
    const deps = {
      now: async () => {
        runs++;
        first();
        throw new Error('chain down');
      },
    } as unknown as ChargeJobDeps;
    const errors: unknown[] = [];
    const job = startChargeJob(deps, 3_600_000, (err) => errors.push(err));
    await ran;
    await job.stop();
    expect(runs).toBe(1);
    expect(errors).toEqual([new Error('chain down')]);
  });
});
