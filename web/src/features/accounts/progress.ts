// How far a customer's onboarding is (their KYC records and registered wallets), as the landing
// pages (landing.ts) and the lending pages' gate (lending/lendingOpen.ts) read it: apart from the
// landing paths and onboarding steps, which only the landing pages show.
import { isFullyApproved, type KycRecordState } from '../kyc/index.ts';

/** Everything the landing decision reads about a customer. */
export interface CustomerProgress {
  /** The personal KYC record (null: none saved). */
  person: KycRecordState | null;
  /** The business KYC record (null: none saved). */
  corporate: KycRecordState | null;
  /** Status codes of the customer's registered wallets ('A' approved, 'D' declined, '' none). */
  walletCodes: readonly string[];
  /** prdAllowKycOnly: approval is as far as the product goes. */
  kycOnly: boolean;
}

/**
 * How far the customer's KYC is: not started (no record, or one without a status yet), in
 * progress (submitted, under review, a problem to fix, or approved with liveness or disclosures
 * still to do), declined, or approved (the wallet pages are open).
 */
export type KycStage = 'notStarted' | 'inProgress' | 'declined' | 'approved';

export function kycStage(person: KycRecordState | null, corporate: KycRecordState | null): KycStage {
  const record = person ?? corporate;
  if (!record || record.status === '') return 'notStarted';
  if (record.status === 'DE') return 'declined';
  if (isFullyApproved(person, corporate)) return 'approved';
  return 'inProgress';
}

/** A wallet registered to the account and approved. */
export function hasApprovedWallet(codes: readonly string[]): boolean {
  return codes.includes('A');
}
