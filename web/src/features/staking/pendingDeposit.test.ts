import { describe, expect, it } from 'vitest';
import {
  clearPendingDeposit,
  confirmationsOf,
  readPendingDeposit,
  savePendingDeposit,
  type PendingDeposit,
} from './pendingDeposit.ts';

/** A Storage as the browser's localStorage behaves (a real implementation of the interface). */
class MemoryStorage implements Storage {
  private m = new Map<string, string>();
  get length() {
    return this.m.size;
  }
  clear() {
    this.m.clear();
  }
  getItem(k: string) {
    return this.m.get(k) ?? null;
  }
  key(i: number) {
    return [...this.m.keys()][i] ?? null;
  }
  removeItem(k: string) {
    this.m.delete(k);
  }
  setItem(k: string, v: string) {
    this.m.set(k, String(v));
  }
}

const deposit: PendingDeposit = {
  hash: `0x${'ab'.repeat(32)}`,
  chainId: 88,
  validators: 2,
  withdrawalAddress: '0x8ba1f109551bd432803012645ac136ddd64dba72',
  sentAt: 1_700_000_000_000,
};

describe('the pending deposit kept across a reload', () => {
  it('comes back for the same user and chain only', () => {
    const s = new MemoryStorage();
    savePendingDeposit(7, deposit, s);
    expect(readPendingDeposit(7, 88, s)).toEqual(deposit);
    expect(readPendingDeposit(8, 88, s)).toBeNull();
    expect(readPendingDeposit(7, 1, s)).toBeNull();
  });

  it('is forgotten once handled, but not when another deposit took its place', () => {
    const s = new MemoryStorage();
    savePendingDeposit(7, deposit, s);
    clearPendingDeposit(7, `0x${'cd'.repeat(32)}`, s);
    expect(readPendingDeposit(7, 88, s)).toEqual(deposit);
    clearPendingDeposit(7, deposit.hash, s);
    expect(readPendingDeposit(7, 88, s)).toBeNull();
  });

  it('ignores what it cannot read', () => {
    const s = new MemoryStorage();
    s.setItem('payd.pendingDeposit.7', '{not json');
    expect(readPendingDeposit(7, 88, s)).toBeNull();
    s.setItem('payd.pendingDeposit.7', JSON.stringify({ ...deposit, hash: '0x12' }));
    expect(readPendingDeposit(7, 88, s)).toBeNull();
  });

  it('counts confirmations from the block it was mined in', () => {
    expect(confirmationsOf(undefined, 10n)).toBe(0);
    expect(confirmationsOf(10n, 10n)).toBe(1);
    expect(confirmationsOf(10n, 12n)).toBe(3);
    expect(confirmationsOf(10n, undefined)).toBe(1);
  });
});
