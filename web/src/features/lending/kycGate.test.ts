import { describe, expect, it } from 'vitest';
import type { CustomerProgress } from '../accounts/index.ts';
import type { KycRecordState } from '../kyc/kycStatus.ts';
import { FETH_STAKING, kycRefusal } from './kycGate.ts';
import { lendingOpen } from './lendingOpen.ts';

const approved: KycRecordState = { status: 'AP', reason: '', liveness: 'Y', disclosures: 'Y' };
const progress = (p: Partial<CustomerProgress>): CustomerProgress => ({
  person: null,
  corporate: null,
  walletCodes: [],
  kycOnly: false,
  ...p,
});

describe('the lending page on /borrower and /guarantor', () => {
  it('shows for an approved customer with an approved wallet', () => {
    expect(lendingOpen(progress({ person: approved, walletCodes: ['A'] }))).toBe(true);
  });

  it('shows once the wallet is approved, with liveness or disclosures still open', () => {
    expect(lendingOpen(progress({ person: { ...approved, liveness: 'N' }, walletCodes: ['A'] }))).toBe(true);
  });

  it('keeps the onboarding list for a newcomer, a declined KYC, or no approved wallet', () => {
    expect(lendingOpen(null)).toBe(false);
    expect(lendingOpen(progress({}))).toBe(false);
    expect(lendingOpen(progress({ person: { ...approved, status: 'DE' }, walletCodes: ['A'] }))).toBe(false);
    expect(lendingOpen(progress({ person: approved }))).toBe(false);
    expect(lendingOpen(progress({ person: approved, walletCodes: ['D'] }))).toBe(false);
  });

  it('keeps the onboarding list where the product stops at KYC approval', () => {
    expect(lendingOpen(progress({ person: approved, walletCodes: ['A'], kycOnly: true }))).toBe(false);
  });
});

describe('the on-chain KYC check of the connected wallet', () => {
  it('lets an approved wallet act', () => {
    expect(kycRefusal('Approved', true)).toBeUndefined();
  });

  it('says in words why any other wallet cannot', () => {
    expect(kycRefusal('None', false)).toMatch(/not approved by KYC/);
    expect(kycRefusal('Pending', false)).toMatch(/pending/);
    expect(kycRefusal('Suspended', false)).toMatch(/suspended/);
    expect(kycRefusal('Closed', false)).toMatch(/closed account/);
    // approved, but the manager is paused
    expect(kycRefusal('Approved', false)).toMatch(/paused/);
  });
  it('names what the page asks for', () => {
    expect(kycRefusal('None', false, FETH_STAKING)).toMatch(
      /so it cannot deposit validators or queue FETH\./,
    );
    expect(kycRefusal('Approved', false, FETH_STAKING)).toMatch(/^Liquid staking is paused for everyone/);
  });
});
