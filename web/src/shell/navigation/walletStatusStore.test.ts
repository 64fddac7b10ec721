import { beforeEach, describe, expect, it } from 'vitest';
import { knownWalletStatus, setKnownWalletStatus, statusCodeFor } from './walletStatusStore.ts';

/** A tab's sessionStorage. */
function memoryStorage(): Storage {
  const m = new Map<string, string>();
  return {
    get length() {
      return m.size;
    },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, String(v)),
  };
}

describe('wallet status known to the navigation shell', () => {
  beforeEach(() => {
    (globalThis as { window?: unknown }).window = { sessionStorage: memoryStorage() };
  });

  it('keeps what /accountStatus found, for that user only', () => {
    expect(statusCodeFor(knownWalletStatus(), 7)).toBe('');
    setKnownWalletStatus({ usrId: 7, address: '0xabc', code: 'A' });
    expect(statusCodeFor(knownWalletStatus(), 7)).toBe('A');
    expect(statusCodeFor(knownWalletStatus(), 8)).toBe('');
    expect(statusCodeFor(knownWalletStatus(), null)).toBe('');
    setKnownWalletStatus({ usrId: 7, address: '0xabc', code: 'D' });
    expect(statusCodeFor(knownWalletStatus(), 7)).toBe('D');
  });

  it('treats unreadable storage as unknown', () => {
    window.sessionStorage.setItem('payd.walletStatus', '{not json');
    expect(knownWalletStatus()).toBeNull();
  });
});
