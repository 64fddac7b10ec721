import { describe, expect, it } from 'vitest';
import { LruCache } from './lruCache.ts';

describe('LruCache', () => {
  it('never holds more than max entries, however many keys pass through', () => {
    const cache = new LruCache<number, string>(3);
    for (let i = 0; i < 1000; i++) cache.set(i, `v${i}`);
    expect(cache.size).toBe(3);
    expect([cache.get(997), cache.get(998), cache.get(999)]).toEqual(['v997', 'v998', 'v999']);
    expect(cache.get(0)).toBeUndefined();
  });

  it('drops the least recently used entry, counting reads as use', () => {
    const cache = new LruCache<string, number>(2);
    cache.set('a', 1).set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
  });

  it('replacing a value keeps one entry for the key', () => {
    const cache = new LruCache<string, number>(2);
    cache.set('a', 1).set('a', 2);
    expect(cache.size).toBe(1);
    expect(cache.get('a')).toBe(2);
    expect(cache.delete('a')).toBe(true);
    expect(cache.size).toBe(0);
  });

  it('refuses a bound that keeps nothing', () => {
    expect(() => new LruCache(0)).toThrow(RangeError);
  });
});
