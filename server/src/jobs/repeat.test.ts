import { describe, expect, it } from 'vitest';
import { repeatEvery, reportOnce } from './repeat.ts';

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('repeatEvery', () => {
  it('runs at once, again after each run ends, never two at a time, and stop() waits for the run', async () => {
    let running = 0;
    let most = 0;
    let runs = 0;
    let finished = 0;
    const job = repeatEvery(async () => {
      running += 1;
      runs += 1;
      most = Math.max(most, running);
      await tick(15);
      running -= 1;
      finished += 1;
    }, 1);
    await tick(80);
    await job.stop();
    const after = runs;
    expect(after).toBeGreaterThanOrEqual(2);
    expect(most).toBe(1);
    expect(finished).toBe(runs); // stop() returned after the run in progress ended
    await tick(40);
    expect(runs).toBe(after); // nothing runs after stop()
  });

  it('goes on after a run fails', async () => {
    let runs = 0;
    const job = repeatEvery(() => {
      runs += 1;
      return Promise.reject(new Error('beacon down'));
    }, 1);
    await tick(40);
    await job.stop();
    expect(runs).toBeGreaterThanOrEqual(2);
  });
});

describe('reportOnce', () => {
  it('reports a repeating failure once, and again after a success or another message', () => {
    const seen: string[] = [];
    const r = reportOnce((err) => seen.push((err as Error).message));
    r.failed(new Error('down'));
    r.failed(new Error('down'));
    r.failed(new Error('timeout'));
    r.succeeded();
    r.failed(new Error('timeout'));
    expect(seen).toEqual(['down', 'timeout', 'timeout']);
  });
});
