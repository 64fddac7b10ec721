import { describe, expect, it } from 'vitest';
import { walletPagesNotice } from './kycGate.ts';
import type { KycRecordState } from './kycStatus.ts';

const rec = (status: string, liveness = 'Y', disclosures = 'Y'): KycRecordState => ({
  status,
  reason: '',
  liveness,
  disclosures,
});

describe('the wallet pages before KYC approval', () => {
  it('tell a customer under review so, with the status link', () => {
    for (const s of ['P1', 'p1', 'P3', 'P4']) {
      const n = walletPagesNotice(rec(s), null);
      expect(n).toMatchObject({
        title: 'Status: Waiting for Review',
        action: { label: 'View KYC status', to: '/kyc-status' },
      });
      expect(n!.message).toMatch(/being reviewed/);
    }
    expect(walletPagesNotice(null, rec('P1', '', ''))?.title).toBe('Status: Waiting for Review');
  });

  it('send a newcomer to the KYC start', () => {
    expect(walletPagesNotice(null, null)).toMatchObject({
      title: 'Verify your identity first',
      action: { label: 'Start KYC', to: '/welcome' },
    });
    expect(walletPagesNotice(rec('', '', ''), null)?.action.to).toBe('/welcome');
  });

  it('point a problem to fix to the status page', () => {
    expect(walletPagesNotice(rec('P2'), null)).toMatchObject({
      title: 'Status: Problem With Data Collection',
      action: { to: '/kyc-status' },
    });
  });

  it('open for an approved customer, and leave the declined to the status page redirect', () => {
    expect(walletPagesNotice(rec('AP'), null)).toBeNull();
    // The server stakes for AP; a liveness test still to do is asked for on the status page.
    expect(walletPagesNotice(rec('AP', '', 'Y'), null)).toBeNull();
    expect(walletPagesNotice(null, rec('AP', '', ''))).toBeNull();
    expect(walletPagesNotice(rec('DE'), null)).toBeNull();
  });
});
