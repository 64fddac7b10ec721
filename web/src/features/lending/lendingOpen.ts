// Who sees the lending pages on /borrower and /guarantor (LendingRoleRoute): apart from
// kycGate.ts, so the lending pages' KYC refusal texts do not bring the onboarding progress with
// them. Tested in kycGate.test.ts.
import { hasApprovedWallet, kycStage, type CustomerProgress } from '../accounts/index.ts';

/**
 * The lending page replaces the onboarding list on /borrower and /guarantor once the customer has
 * a registered wallet that was approved (registration needs an approved KYC, and approves the
 * wallet on chain), unless the KYC was declined since or the product stops at KYC approval.
 */
export function lendingOpen(p: CustomerProgress | null): boolean {
  if (!p || p.kycOnly) return false;
  return hasApprovedWallet(p.walletCodes) && kycStage(p.person, p.corporate) !== 'declined';
}
