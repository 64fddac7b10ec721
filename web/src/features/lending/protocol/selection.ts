// Plain functions behind useProtocol: a subscription that tells its listener only when the part of
// the store state it selected has changed (compared by value, the way the store compares fields).
import { sameValue, type ProtocolStore, type StoreState } from '@payd/protocol';

export type Selector<T> = (state: StoreState) => T;

export interface Selection<T> {
  subscribe: (onChange: () => void) => () => void;
  /** The selected value; the same reference until the selected value changes. */
  getSnapshot: () => T | undefined;
}

/**
 * Follows `selector(store.state)`. Before the store's first load the snapshot is undefined. The
 * snapshot keeps its reference while the selected value is equal, so React renders only on a change.
 */
export function selectFrom<T>(store: ProtocolStore<StoreState>, selector: Selector<T>): Selection<T> {
  let last: { value: T } | undefined;
  const read = (): T | undefined => {
    if (!store.isLoaded) return undefined;
    const next = selector(store.state);
    if (last && sameValue(last.value, next)) return last.value;
    last = { value: next };
    return next;
  };
  return {
    subscribe: (onChange) =>
      store.subscribe(() => {
        const before = last?.value;
        if (read() !== before) onChange();
      }),
    getSnapshot: read,
  };
}
