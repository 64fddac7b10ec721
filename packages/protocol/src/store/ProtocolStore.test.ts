import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Decimal } from '../decimal/Decimal.ts';
import { Cache } from '../model/Cache.ts';
import { changedFields } from './changedFields.ts';
import { ProtocolStore, type StoreUpdate } from './ProtocolStore.ts';

interface State {
  price: Decimal;
  total: Cache;
  numberOfCaches: number;
}

/** A state source the test steers: each load returns the current `value` and counts the loads. */
function source(initial: State) {
  let onBlock: (() => void) | undefined;
  const s = {
    value: initial,
    loads: 0,
    load: async () => {
      s.loads++;
      return s.value;
    },
    watchBlocks: (cb: () => void) => {
      onBlock = cb;
      return () => (onBlock = undefined);
    },
    block: () => onBlock?.(),
    get watching() {
      return onBlock !== undefined;
    },
  };
  return s;
}

const state = (price: number, debt = 1000, n = 1): State => ({
  price: Decimal.from(price),
  total: new Cache(Decimal.from(10), Decimal.from(debt)),
  numberOfCaches: n,
});

describe('changedFields', () => {
  it('compares Decimals, model values and plain fields by value', () => {
    expect(changedFields(state(1000), state(1000))).toEqual([]);
    expect(changedFields(state(1000), state(1001))).toEqual(['price']);
    expect(changedFields(state(1000), state(1000, 2000, 2))).toEqual(['total', 'numberOfCaches']);
  });
});

/** Loading on start, on blocks and on the interval. */
function reloadTests() {
  it('loads once on start without notifying', async () => {
    const src = source(state(1000));
    const store = new ProtocolStore({ load: src.load, watchBlocks: src.watchBlocks });
    const listener = vi.fn();
    store.subscribe(listener);
    expect(store.isLoaded).toBe(false);
    expect(() => store.state).toThrow('The store has not loaded yet');
    await store.start();
    expect(store.state.price.toString()).toBe('1000');
    expect(src.loads).toBe(1);
    expect(listener).not.toHaveBeenCalled();
    store.stop();
  });

  it('reloads at once on a block and coalesces the blocks of the next 50 ms into one reload', async () => {
    const src = source(state(1000));
    const store = new ProtocolStore({ load: src.load, watchBlocks: src.watchBlocks });
    const updates: StoreUpdate<State>[] = [];
    store.subscribe((u) => updates.push(u));
    await store.start();
    src.value = state(1200);
    src.block();
    await vi.advanceTimersByTimeAsync(0);
    expect(src.loads).toBe(2);
    expect(updates).toHaveLength(1);
    expect(updates[0]?.changedFields).toEqual(['price']);
    expect(updates[0]?.oldState.price.toString()).toBe('1000');
    expect(updates[0]?.newState.price.toString()).toBe('1200');
    // Three more blocks within the window: one reload, when it closes.
    src.value = state(1300);
    src.block();
    src.block();
    await vi.advanceTimersByTimeAsync(30);
    src.block();
    await vi.advanceTimersByTimeAsync(19);
    expect(src.loads).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(src.loads).toBe(3);
    expect(updates.map((u) => u.newState.price.toString())).toEqual(['1200', '1300']);
    // A quiet window after that reload, then a block reloads at once again.
    await vi.advanceTimersByTimeAsync(100);
    expect(src.loads).toBe(3);
    src.block();
    await vi.advanceTimersByTimeAsync(0);
    expect(src.loads).toBe(4);
    store.stop();
  });

  it('does not notify when a reload changes nothing', async () => {
    const src = source(state(1000));
    const store = new ProtocolStore({ load: src.load, watchBlocks: src.watchBlocks });
    const listener = vi.fn();
    store.subscribe(listener);
    await store.start();
    src.block();
    await vi.advanceTimersByTimeAsync(50);
    expect(src.loads).toBe(2);
    expect(listener).not.toHaveBeenCalled();
    store.stop();
  });

  it('reloads every 30,000 ms when no block arrives', async () => {
    const src = source(state(1000));
    const store = new ProtocolStore({ load: src.load });
    await store.start();
    await vi.advanceTimersByTimeAsync(29_999);
    expect(src.loads).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(src.loads).toBe(2);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(src.loads).toBe(3);
    store.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(src.loads).toBe(3);
  });
}

/** The interval option, forced refreshes, and a failing reload. */
function refreshAndFailureTests() {
  it('takes a configurable interval and supports a forced refresh', async () => {
    const src = source(state(1000));
    const store = new ProtocolStore({ load: src.load, refreshIntervalMs: 1000 });
    const listener = vi.fn();
    store.subscribe(listener);
    await store.start();
    src.value = state(900);
    const forced = await store.refresh();
    expect(forced.price.toString()).toBe('900');
    expect(listener).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(src.loads).toBe(3);
    store.stop();
  });

  it('shares one follow-up load between refreshes asked for during a load', async () => {
    const src = source(state(1000));
    const store = new ProtocolStore({ load: src.load });
    await store.start();
    const first = store.refresh();
    const second = store.refresh();
    const third = store.refresh();
    await Promise.all([first, second, third]);
    expect(src.loads).toBe(3); // start, the running one, one follow-up
    store.stop();
  });

  it('keeps the last state when a reload fails, reports the error, and stops watching on stop', async () => {
    const src = source(state(1000));
    const errors: unknown[] = [];
    const load = vi.fn(src.load);
    const store = new ProtocolStore({ load, watchBlocks: src.watchBlocks, onError: (e) => errors.push(e) });
    await store.start();
    load.mockRejectedValueOnce(new Error('header not found'));
    await expect(store.refresh()).rejects.toThrow('header not found');
    expect(errors).toHaveLength(1);
    expect(store.state.price.toString()).toBe('1000');
    expect(src.watching).toBe(true);
    store.stop();
    expect(src.watching).toBe(false);
  });
}

describe('ProtocolStore', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  reloadTests();
  refreshAndFailureTests();
});
