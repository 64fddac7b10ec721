// Crash safety, the short version of `npm run crash -w e2e`: the stack is killed with SIGKILL at a
// random (seeded) moment while sign-ups, KYC saves, approvals, wallet registrations, validator
// creation and chain writes are in flight, restarted on the same data directory, and every write
// acknowledged before the kill must be there. Two cycles, fixed seed (about three minutes).
import { expect, it } from 'vitest';
import { formatReport, runCrashTest } from './crash/crash.ts';

it(
  'kill -9 of the whole stack loses no acknowledged write, and it starts every time',
  { timeout: 900_000 },
  async () => {
    const report = await runCrashTest({
      cycles: 2,
      seed: 20261124,
      killWindowMs: [1500, 6000],
      log: (line) => console.log(line),
    });
    console.log(formatReport(report));
    expect(report.starts).toBe(3);
    expect(report.lost).toEqual([]);
    expect(report.mismatchedBlocks).toBe(0);
    // The kills did land among writes, and every kind of write was acknowledged at least once.
    expect(report.inFlightAtKill).toBeGreaterThan(0);
    for (const [kind, count] of Object.entries(report.writes)) {
      expect(count.acknowledged, kind).toBeGreaterThan(0);
      expect(count.verified, kind).toBe(count.acknowledged);
    }
  },
);
