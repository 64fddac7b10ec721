// Whether the connected wallet may act on chain, in words (who sees the lending pages at all is
// lendingOpen.ts). Plain functions; tested in kycGate.test.ts.

/** KycManager statuses (the protocol's KYC_STATUSES). */
export type OnChainKycStatus = 'None' | 'Pending' | 'Approved' | 'Suspended' | 'Closed';

/** What the wallet is refused, in the words of the page that asks: a verb and its noun. */
export interface LendingActivity {
  /** The activity in message ids: lending.kyc.<id>.<status>. */
  id: 'borrow' | 'feth';
  /** 'borrow': "so it cannot borrow". */
  verb: string;
  /** 'Borrowing': "Borrowing is paused for everyone". */
  noun: string;
}
export const BORROWING: LendingActivity = { id: 'borrow', verb: 'borrow', noun: 'Borrowing' };
export const FETH_STAKING: LendingActivity = {
  id: 'feth',
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
