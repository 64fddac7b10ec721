import { describe, expect, it } from 'vitest';
import {
  accountStatusView,
  onwardTarget,
  walletStatusColor,
  walletStatusText,
} from './accountStatusRules.ts';

const status = (code: string, sw: 'Y' | 'N' = 'N', reg: string | null = null) => ({
  StakeWalletStatusCd2: code,
  StakeWalletStatusCd2Text: '',
  SwitchWallet: sw,
  RegisteredWalletAddr: reg,
  TerminatedForCredits: 'N' as const,
});

describe('wallet status page', () => {
  it('names the status: Approved, Declined, Not Registered', () => {
    expect(walletStatusText('A')).toBe('Approved');
    expect(walletStatusText('D')).toBe('Declined');
    expect(walletStatusText('')).toBe('Not Registered');
  });

  it('sends approved users on, terminates declined ones, asks to switch or to register', () => {
    expect(accountStatusView(status('A'))).toEqual({ kind: 'approved' });
    expect(accountStatusView(status('D'))).toEqual({ kind: 'terminated' });
    expect(accountStatusView(status('', 'Y', '0xabc'))).toEqual({ kind: 'switch', registered: '0xabc' });
    expect(accountStatusView(status(''))).toEqual({ kind: 'register' });
  });

  it('goes on to the checked page the user was sent from, else the dashboard', () => {
    expect(onwardTarget({ pathname: '/stakeETH', search: '' })).toBe('/stakeETH');
    expect(onwardTarget({ pathname: '/payment', search: '?x=1' })).toBe('/payment?x=1');
    expect(onwardTarget({ pathname: '/profile', search: '' })).toBe('/dashboard');
    expect(onwardTarget(null)).toBe('/dashboard');
  });
});

describe('wallet status badge colour', () => {
  it('is teal approved, red declined and gray otherwise', () => {
    expect(walletStatusColor('A')).toBe('teal');
    expect(walletStatusColor('D')).toBe('red');
    expect(walletStatusColor('')).toBe('gray');
  });
});
