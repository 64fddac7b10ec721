// Who sees the lending pages on /borrower and /guarantor, and whether the connected wallet may act
// on chain. Plain functions; tested in kycGate.test.ts.
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

/** KycManager statuses (the protocol's KYC_STATUSES). */
export type OnChainKycStatus = 'None' | 'Pending' | 'Approved' | 'Suspended' | 'Closed';

/** What the wallet is refused, in the words of the page that asks: a verb and its noun. */
export interface LendingActivity {
  /** 'borrow': "so it cannot borrow". */
  verb: string;
  /** 'Borrowing': "Borrowing is paused for everyone". */
  noun: string;
}
export const BORROWING: LendingActivity = { verb: 'borrow', noun: 'Borrowing' };
export const FETH_STAKING: LendingActivity = {
  verb: 'deposit validators or queue FETH',
  noun: 'Liquid staking',
};

/**
 * Why the connected wallet may not act in the lending protocol, in words, or undefined when it
 * may. `approved` is the manager's isApproved (false also while the manager is paused).
 */
export function kycRefusal(
  status: OnChainKycStatus,
  approved: boolean,
  activity: LendingActivity = BORROWING,
): string | undefined {
  if (approved) return undefined;
  const { verb, noun } = activity;
  switch (status) {
    case 'None':
      return `This wallet is not approved by KYC, so it cannot ${verb}. Register it on your account once your KYC is approved; payd then approves it on chain.`;
    case 'Pending':
      return `The KYC approval of this wallet is still pending, so it cannot ${verb} yet.`;
    case 'Suspended':
      return `The KYC approval of this wallet is suspended, so it cannot ${verb}. Please contact customer support.`;
    case 'Closed':
      return `This wallet belongs to a closed account, so it cannot ${verb}.`;
    case 'Approved':
      return `${noun} is paused for everyone by the KYC manager. Please try again later.`;
  }
}
