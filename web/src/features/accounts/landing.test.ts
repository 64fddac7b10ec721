import { describe, expect, it } from 'vitest';
import type { KycRecordState } from '../kyc/index.ts';
import { kycStage, landingPath, onboardingSteps, type CustomerProgress } from './landing.ts';

const person = (status: string, liveness = 'Y', disclosures = 'Y'): KycRecordState => ({
  status,
  reason: '',
  liveness,
  disclosures,
});
const progress = (p: Partial<CustomerProgress>): CustomerProgress => ({
  person: null,
  corporate: null,
  walletCodes: [],
  kycOnly: false,
  ...p,
});

describe('the first page after sign-up or login', () => {
  it('is the KYC start for a newcomer (no record, or one without a status)', () => {
    expect(landingPath(progress({}))).toBe('/welcome');
    expect(landingPath(progress({ person: person('', '', '') }))).toBe('/welcome');
  });

  it('is the KYC status while it is under way, has a problem, or was declined', () => {
    for (const s of ['P1', 'p1', 'P2', 'P3', 'P4', 'DE'])
      expect(landingPath(progress({ person: person(s) }))).toBe('/kyc-status');
    // Approved, with the liveness test or the disclosures still to do.
    expect(landingPath(progress({ person: person('AP', 'N', 'Y') }))).toBe('/kyc-status');
    expect(landingPath(progress({ person: person('AP', 'Y', '') }))).toBe('/kyc-status');
    expect(landingPath(progress({ corporate: person('P1', '', '') }))).toBe('/kyc-status');
  });

  it('is the wallet status page for an approved customer without a registered wallet', () => {
    expect(landingPath(progress({ person: person('AP') }))).toBe('/accountStatus');
    expect(landingPath(progress({ corporate: person('AP', '', '') }))).toBe('/accountStatus');
    // A declined wallet (terminated account) is explained there too.
    expect(landingPath(progress({ person: person('AP'), walletCodes: ['D'] }))).toBe('/accountStatus');
  });

  it('is the dashboard once the wallet is registered', () => {
    expect(landingPath(progress({ person: person('AP'), walletCodes: ['A'] }))).toBe('/dashboard');
  });

  it('stays on the KYC status when the product is KYC-only', () => {
    expect(landingPath(progress({ person: person('AP'), walletCodes: ['A'], kycOnly: true }))).toBe(
      '/kyc-status',
    );
  });

  it('reads the KYC stage from the personal record first', () => {
    expect(kycStage(person('P1'), person('AP', '', ''))).toBe('inProgress');
    expect(kycStage(null, person('DE', '', ''))).toBe('declined');
  });
});

describe('the onboarding steps of the role pages', () => {
  const states = (p: CustomerProgress, passkeys = 0, wallets = 0) =>
    onboardingSteps(p, { passkeys, wallets }).map((s) => [s.title, s.state, s.cta]);

  it('start with KYC for a newcomer', () => {
    expect(states(progress({}))).toEqual([
      ['Verify your identity', 'next', 'Start KYC'],
      ['Connect your wallet', 'todo', 'Connect wallet'],
      ['Secure your account', 'todo', 'Security settings'],
    ]);
  });

  it('show KYC under review as waiting, with its status one click away', () => {
    expect(states(progress({ person: person('P1') }))).toEqual([
      ['Verify your identity', 'waiting', 'View KYC status'],
      ['Connect your wallet', 'todo', 'Connect wallet'],
      ['Secure your account', 'next', 'Security settings'],
    ]);
  });

  it('lock the wallet step until the KYC is approved', () => {
    const locked = (p: CustomerProgress) =>
      onboardingSteps(p, { passkeys: 0, wallets: 0 }).map((s) => s.locked);
    expect(locked(progress({}))).toEqual([false, true, false]);
    expect(locked(progress({ person: person('P1') }))).toEqual([false, true, false]);
    expect(locked(progress({ person: person('AP') }))).toEqual([false, false, false]);
  });

  it('mark KYC done once approved, and the wallet as the next step', () => {
    expect(states(progress({ person: person('AP') }))).toEqual([
      ['Verify your identity', 'done', 'View KYC status'],
      ['Connect your wallet', 'next', 'Connect wallet'],
      ['Secure your account', 'todo', 'Security settings'],
    ]);
  });

  it('mark everything done when it is', () => {
    expect(states(progress({ person: person('AP'), walletCodes: ['A'] }), 1, 0)).toEqual([
      ['Verify your identity', 'done', 'View KYC status'],
      ['Connect your wallet', 'done', 'Go to Dashboard'],
      ['Secure your account', 'done', 'Security settings'],
    ]);
    expect(states(progress({ person: person('AP'), walletCodes: ['A'] }), 0, 1)[2]![1]).toBe('done');
  });
});
