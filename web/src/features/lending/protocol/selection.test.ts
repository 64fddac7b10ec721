import { describe, expect, it } from 'vitest';
import { Decimal, ProtocolStore, type StoreState } from '@payd/protocol';
import { selectFrom } from './selection.ts';

function storeOf(states: Partial<StoreState>[]) {
  let i = 0;
  return new ProtocolStore<StoreState>({
    load: async () => states[Math.min(i++, states.length - 1)] as StoreState,
  });
}

describe('selectFrom', () => {
  it('is undefined before the first load, then the selected value', async () => {
    const store = storeOf([{ price: Decimal.from(2000) }]);
    const sel = selectFrom(store, (s) => s.price);
    expect(sel.getSnapshot()).toBeUndefined();
    await store.refresh();
    expect(sel.getSnapshot()?.toString()).toBe('2000');
  });

  it('tells its listener only when the selected part changes, keeping the reference otherwise', async () => {
    const store = storeOf([
      { price: Decimal.from(2000), numberOfCaches: 1 },
      { price: Decimal.from(2000), numberOfCaches: 2 },
      { price: Decimal.from(1500), numberOfCaches: 2 },
    ]);
    const sel = selectFrom(store, (s) => ({ price: s.price }));
    await store.refresh();
    const first = sel.getSnapshot();
    let calls = 0;
    sel.subscribe(() => calls++);
    await store.refresh(); // only numberOfCaches changed
    expect(calls).toBe(0);
    expect(sel.getSnapshot()).toBe(first);
    await store.refresh(); // price changed
    expect(calls).toBe(1);
    expect(sel.getSnapshot()?.price.toString()).toBe('1500');
  });
});
