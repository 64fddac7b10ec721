import { describe, expect, it } from 'vitest';
import {
  afterLoginTarget,
  homePath,
  redirectSignedIn,
  requireUser,
  navigationWalletStatus,
  showSidebar,
  showTopNav,
  walletStateRedirect,
} from './guards.ts';

describe('route guards', () => {
  it("sends staff from '/' to the back office and everyone else to the wallet status page", () => {
    expect(homePath(10)).toBe('/staff/kyc');
    expect(homePath(12)).toBe('/staff/kyc');
    expect(homePath(1)).toBe('/accountStatus');
    expect(homePath(undefined)).toBe('/accountStatus');
  });

  it('sends a protected route without a user to /login and remembers the origin with its query', () => {
    const d = requireUser(null, { pathname: '/stakeETH', search: '?amount=32' });
    expect(d).toEqual({ redirect: '/login', remember: { pathname: '/stakeETH', search: '?amount=32' } });
    expect(afterLoginTarget(d!.remember)).toBe('/stakeETH?amount=32');
  });

  it('lets a signed-in user through', () => {
    expect(requireUser(7, { pathname: '/welcome', search: '' })).toBeNull();
  });

  it('sends the user to / after login when nothing was remembered, and never off-site', () => {
    expect(afterLoginTarget(null)).toBe('/');
    expect(afterLoginTarget({ pathname: '//evil.example', search: '' })).toBe('/');
    expect(afterLoginTarget({ pathname: '/login', search: '' })).toBe('/');
  });

  it('routes wallet-checked pages through /accountStatus until the session confirmed its wallet', () => {
    expect(walletStateRedirect({ target: '/stakeETH', from: null, confirmed: false })).toBe('/accountStatus');
    expect(walletStateRedirect({ target: '/dashboard', from: '/welcome', confirmed: false })).toBe(
      '/accountStatus',
    );
    expect(
      walletStateRedirect({ target: '/dashboard', from: '/accountStatus', confirmed: false }),
    ).toBeNull();
    expect(walletStateRedirect({ target: '/payment', from: '/accountStatus', confirmed: false })).toBe(
      '/accountStatus',
    );
    expect(walletStateRedirect({ target: '/payment', from: '/dashboard', confirmed: true })).toBeNull();
    expect(walletStateRedirect({ target: '/accountStatus', from: null, confirmed: false })).toBeNull();
  });

  it('opens only the read-only pages and support to a terminated account (issue 24)', () => {
    const terminated = (target: string, from: string | null = null) =>
      walletStateRedirect({ target, from, confirmed: false, readOnly: true });
    for (const p of [
      '/dashboard',
      '/payment',
      '/accountStatements',
      '/rewardStatements',
      '/StmtDownloadConfirm',
      '/manageValidator',
      '/customer-support',
    ])
      expect(terminated(p)).toBeNull();
    for (const p of [
      '/stakeOption',
      '/stakeETH',
      '/withdrawETH',
      '/withdrawConfirm',
      '/stripeCheckout',
      '/paymentConfirm',
    ])
      expect(terminated(p, '/accountStatus')).toBe('/accountStatus');
    expect(terminated('/accountStatus')).toBeNull();
  });

  it('sends signed-in users away from sign-up, reset and restriction pages', () => {
    for (const p of ['/sign-up', '/forgot-password', '/NewPassword', '/sign-up-restriction'])
      expect(redirectSignedIn(5, p, null)).toBe('/');
    expect(redirectSignedIn(5, '/forgot-password', { pathname: '/payment', search: '' })).toBe('/payment');
    expect(redirectSignedIn(null, '/sign-up', null)).toBeNull();
    expect(redirectSignedIn(5, '/Pricing', null)).toBeNull();
  });

  it('hides the top navigation on login, sign-up, forgot-password, pricing and the root', () => {
    for (const p of ['/', '/login', '/sign-up', '/forgot-password', '/Pricing'])
      expect(showTopNav(p)).toBe(false);
    expect(showTopNav('/dashboard')).toBe(true);
    expect(showTopNav('/welcome')).toBe(true);
  });

  it('shows the sidebar only for a known user with an approved, not declined wallet', () => {
    expect(showSidebar(null, 'A')).toBe(false);
    expect(showSidebar('  ', 'A')).toBe(false);
    expect(showSidebar('a@b.co', 'A')).toBe(true);
    expect(showSidebar('a@b.co', 'D')).toBe(false);
    expect(showSidebar('a@b.co', '')).toBe(false);
    expect(showSidebar('a@b.co', null)).toBe(false);
  });

  it("goes by this tab's wallet status, else by the registered wallets (a lending page in a new tab)", () => {
    expect(navigationWalletStatus('A', ['D'])).toBe('A');
    expect(navigationWalletStatus('D', ['A'])).toBe('D');
    expect(navigationWalletStatus('', undefined)).toBe('');
    expect(navigationWalletStatus('', [])).toBe('');
    expect(navigationWalletStatus('', ['', 'A'])).toBe('A');
    expect(navigationWalletStatus('', ['A', 'D'])).toBe('D');
  });
});
