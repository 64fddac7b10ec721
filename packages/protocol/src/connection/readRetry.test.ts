import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isTransientReadError, withReadRetry } from './readRetry.ts';

describe('read retry', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("recognises 'header not found' and pruned-state errors, also as causes", () => {
    expect(isTransientReadError(new Error('header not found'))).toBe(true);
    expect(isTransientReadError(new Error('missing trie node 1a2b (path )'))).toBe(true);
    expect(isTransientReadError(new Error('call failed', { cause: { details: 'state is pruned' } }))).toBe(
      true,
    );
    expect(isTransientReadError(new Error('execution reverted'))).toBe(false);
  });

  it('retries every 200 ms while the node has not caught up, then returns the value', async () => {
    let calls = 0;
    const read = vi.fn(async () => {
      calls++;
      if (calls < 3) throw new Error('header not found');
      return 42;
    });
    const result = withReadRetry(read);
    await vi.advanceTimersByTimeAsync(199);
    expect(read).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(read).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(200);
    await expect(result).resolves.toBe(42);
    expect(read).toHaveBeenCalledTimes(3);
  });

  it('does not retry other errors, and gives up after the last attempt', async () => {
    await expect(withReadRetry(async () => Promise.reject(new Error('execution reverted')))).rejects.toThrow(
      'execution reverted',
    );
    const always = withReadRetry(async () => Promise.reject(new Error('header not found')), 3);
    const settled = expect(always).rejects.toThrow('header not found');
    await vi.advanceTimersByTimeAsync(400);
    await settled;
  });
});
