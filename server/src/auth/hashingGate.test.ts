import { describe, expect, it } from 'vitest';
import { ApiError } from '../wire/errors.ts';
import { HashingGate } from './hashingGate.ts';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('HashingGate', () => {
  it('runs at most maxRunning at once and lets the waiting ones in order', async () => {
    const gate = new HashingGate(2, 2);
    const jobs = [deferred(), deferred(), deferred(), deferred()];
    const order: number[] = [];
    const runs = jobs.map((j, i) =>
      gate.run(async () => {
        order.push(i);
        await j.promise;
        return i;
      }),
    );
    await Promise.resolve();
    expect(order).toEqual([0, 1]);
    expect(gate.load).toEqual({ running: 2, waiting: 2 });
    jobs[0]!.resolve();
    await runs[0];
    await new Promise((r) => setTimeout(r, 0));
    expect(order).toEqual([0, 1, 2]);
    for (const j of jobs) j.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses at once with 429 and Retry-After when the line is full, and frees places after errors', async () => {
    const gate = new HashingGate(1, 1);
    const block = deferred();
    const first = gate.run(() => block.promise);
    const second = gate.run(async () => 'second');
    const refused = await gate.run(async () => 'third').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).httpStatus).toBe(429);
    expect((refused as ApiError).data).toEqual({ retryAfter: 1 });
    block.resolve();
    await first;
    expect(await second).toBe('second');
    await expect(gate.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses a newcomer who would wait longer than the budget at the recent pace', async () => {
    let clock = 0;
    const gate = new HashingGate(1, 10, 250, () => clock);
    // One hash of 100 ms sets the pace.
    await gate.run(async () => {
      clock += 100;
    });
    const block = deferred();
    const first = gate.run(() => block.promise);
    const waiters = [gate.run(async () => 'a'), gate.run(async () => 'b')];
    expect(gate.load).toEqual({ running: 1, waiting: 2 });
    expect(gate.expectedWaitMs()).toBe(300);
    const refused = await gate.run(async () => 'c').catch((e: unknown) => e);
    expect((refused as ApiError).httpStatus).toBe(429);
    block.resolve();
    await first;
    expect(await Promise.all(waiters)).toEqual(['a', 'b']);
    expect(await gate.run(async () => 'd')).toBe('d');
  });
});
