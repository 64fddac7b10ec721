import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { routes } from './router.tsx';
import { kycPaths, publicPaths, walletCheckedPaths } from '../shell/navigation/paths.ts';

/** Every path of the table with the ids of the guard routes above it. */
function table(list: RouteObject[], guards: string[] = [], out = new Map<string, string[]>()) {
  for (const r of list) {
    const here = r.id ? [...guards, r.id] : guards;
    if (r.path) out.set(`/${r.path}`, here);
    if (r.index) out.set('/', here);
    if (r.children) table(r.children, here, out);
  }
  return out;
}

describe('route table', () => {
  const t = table(routes);

  it('serves every public route without a sign-in', () => {
    for (const p of publicPaths) {
      expect(t.has(p), p).toBe(true);
      expect(t.get(p)).not.toContain('signed-in');
    }
    for (const p of ['/sign-up', '/forgot-password', '/NewPassword', '/sign-up-restriction'])
      expect(t.get(p)).toContain('signed-out-only');
    expect(t.get('/login')).not.toContain('signed-out-only');
  });

  it('needs a signed-in user, but no wallet, for the KYC routes and role landing pages', () => {
    for (const p of [...kycPaths, '/borrower', '/guarantor', '/lender', '/profile']) {
      expect(t.get(p), p).toContain('signed-in');
      expect(t.get(p)).not.toContain('wallet');
    }
  });

  it('needs a wallet and the wallet-state check for the protected routes', () => {
    for (const p of walletCheckedPaths)
      expect(t.get(p), p).toEqual(['signed-in', 'wallet', 'wallet-state-check']);
  });

  it('needs a wallet but no wallet-state check for /accountStatus', () => {
    expect(t.get('/accountStatus')).toEqual(['signed-in', 'wallet']);
  });

  it("opens a feature's screen on every path of the guard lists (no placeholder page)", () => {
    const lazyOf = (list: RouteObject[], path: string): unknown =>
      list.map((r) => (r.path === path.slice(1) ? r.lazy : lazyOf(r.children ?? [], path))).find(Boolean);
    for (const p of [...kycPaths, ...walletCheckedPaths, '/accountStatus'])
      expect(typeof lazyOf(routes, p), p).toBe('function');
  });

  it('has a root route and an access-denied page', () => {
    expect(t.has('/')).toBe(true);
    expect(t.get('/access-denied')).toEqual([]);
  });
});
