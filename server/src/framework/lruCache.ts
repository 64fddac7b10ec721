// A map of at most `max` entries that drops the least recently used one: a per-process cache
// keyed by caller would otherwise keep an entry for every user that ever called, for the life of
// the process.

export class LruCache<K, V> {
  // A Map iterates in insertion order: re-inserting on use keeps the least recent first.
  readonly #entries = new Map<K, V>();

  /** @param max Most entries kept (at least 1). */
  constructor(readonly max: number) {
    if (!Number.isInteger(max) || max < 1)
      throw new RangeError(`LruCache max must be a positive integer, got ${max}`);
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The value of `key`, which becomes the most recently used. */
  get(key: K): V | undefined {
    if (!this.#entries.has(key)) return undefined;
    const value = this.#entries.get(key) as V;
    this.#entries.delete(key);
    this.#entries.set(key, value);
    return value;
  }

  /** Stores `value` as the most recently used, dropping the least recently used beyond `max`. */
  set(key: K, value: V): this {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    while (this.#entries.size > this.max) this.#entries.delete(this.#entries.keys().next().value as K);
    return this;
  }

  delete(key: K): boolean {
    return this.#entries.delete(key);
  }
}
