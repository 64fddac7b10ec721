import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserRenewalLock, inTabLock } from './renewalLock.ts';

/** Runs tasks and records when each starts and ends, to see whether two ever overlap. */
async function overlaps(run: <T>(task: () => Promise<T>) => Promise<T>) {
  const log: string[] = [];
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const a = run(async () => {
    log.push('a start');
    await gate;
    log.push('a end');
  });
  const b = run(async () => {
    log.push('b start');
    log.push('b end');
  });
  await Promise.resolve();
  release();
  await Promise.all([a, b]);
  return log;
}

describe('renewal lock', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('runs one task at a time inside a tab, even after a failure', async () => {
    const lock = inTabLock();
    expect(await overlaps(lock.run)).toEqual(['a start', 'a end', 'b start', 'b end']);
    await expect(lock.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await lock.run(async () => 42)).toBe(42);
  });

  it('takes the exclusive Web Lock shared by all tabs when the browser has one', async () => {
    const requests: { name: string; mode: string }[] = [];
    const inner = inTabLock();
    vi.stubGlobal('navigator', {
      locks: {
        request: (name: string, opts: { mode: string }, task: () => Promise<unknown>) => {
          requests.push({ name, mode: opts.mode });
          return inner.run(task);
        },
      },
    });
    const lock = browserRenewalLock();
    expect(await overlaps(lock.run)).toEqual(['a start', 'a end', 'b start', 'b end']);
    expect(requests).toEqual([
      { name: 'payd-token-renewal', mode: 'exclusive' },
      { name: 'payd-token-renewal', mode: 'exclusive' },
    ]);
  });
});
