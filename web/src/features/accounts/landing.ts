// Where a customer's first page after sign-up or login is, and what their onboarding steps show,
// from where they are (issue 17): KYC not started → /welcome; in progress or under review →
// /kyc-status; approved without a registered wallet → /accountStatus; approved with one → the
// dashboard. Pure functions of the KYC records and the registered wallets; tested in landing.test.ts.
import { hasApprovedWallet, kycStage, type CustomerProgress } from './progress.ts';

export { hasApprovedWallet, kycStage, type CustomerProgress, type KycStage } from './progress.ts';

export const KYC_START_PATH = '/welcome';
export const KYC_STATUS_PATH = '/kyc-status';
const ACCOUNT_STATUS_PATH = '/accountStatus';
const DASHBOARD_PATH = '/dashboard';

/** The customer's first page after sign-up or a login that was not on its way elsewhere. */
export function landingPath(p: CustomerProgress): string {
  const stage = kycStage(p.person, p.corporate);
  if (stage === 'notStarted') return KYC_START_PATH;
  if (stage !== 'approved' || p.kycOnly) return KYC_STATUS_PATH;
  // A declined wallet (terminated account) is explained on the wallet status page too.
  return hasApprovedWallet(p.walletCodes) ? DASHBOARD_PATH : ACCOUNT_STATUS_PATH;
}

/** One step of the onboarding list on the role pages (/borrower, /guarantor, /lender). */
export interface OnboardingStep {
  n: number;
  title: string;
  text: string;
  /** done: finished; next: the call to action; todo: later; waiting: started, nothing to do now. */
  state: 'done' | 'next' | 'todo' | 'waiting';
  /** Where the step's button goes, and what it says. */
  to: string;
  cta: string;
  /** Nothing the person can do yet (the wallet before the KYC is approved): the button is off. */
  locked: boolean;
}

/**
 * The onboarding steps as they stand: identity (KYC), the wallet, and a password-free sign-in
 * (a passkey or a linked wallet). The first step not done is the call to action; KYC under
 * review waits, with its status page one click away.
 */
export function onboardingSteps(
  p: CustomerProgress,
  signIn: { passkeys: number; wallets: number },
): OnboardingStep[] {
  const stage = kycStage(p.person, p.corporate);
  const kycDone = stage === 'approved';
  const walletDone = hasApprovedWallet(p.walletCodes);
  const secureDone = signIn.passkeys > 0 || signIn.wallets > 0;
  const steps = [
    {
      n: 1,
      title: 'Verify your identity',
      text: kycDone
        ? 'Your identity is verified.'
        : stage === 'inProgress'
          ? 'Your KYC is under way: its status page says where it stands and anything left for you to do.'
          : stage === 'declined'
            ? 'Your KYC was declined. The status page gives the reason.'
            : 'Tell us who you are: a few personal details, documents and a quick liveness test.',
      to: stage === 'notStarted' ? KYC_START_PATH : KYC_STATUS_PATH,
      cta: stage === 'notStarted' ? 'Start KYC' : 'View KYC status',
      done: kycDone,
      // Submitted (or declined): the status page is one click away, but it is not the next step.
      waiting: stage === 'inProgress' || stage === 'declined',
      actionable: stage === 'notStarted',
    },
    {
      n: 2,
      title: 'Connect your wallet',
      text: walletDone
        ? 'Your wallet is registered: you can stake.'
        : kycDone
          ? 'Connect and register the Ethereum wallet you will stake and borrow with.'
          : 'Once your identity is verified, connect the Ethereum wallet you will stake and borrow with.',
      to: walletDone ? DASHBOARD_PATH : ACCOUNT_STATUS_PATH,
      cta: walletDone ? 'Go to Dashboard' : 'Connect wallet',
      done: walletDone,
      waiting: false,
      // The wallet pages open once the KYC is approved.
      actionable: kycDone,
    },
    {
      n: 3,
      title: 'Secure your account',
      text: secureDone
        ? 'You can sign in without your password (a passkey or your wallet).'
        : 'Add a passkey or link your wallet for password-free sign-in.',
      to: '/profile',
      cta: 'Security settings',
      done: secureDone,
      waiting: false,
      actionable: true,
    },
  ];
  let nextGiven = false;
  return steps.map(({ done, waiting, actionable, ...s }) => {
    let state: OnboardingStep['state'] = 'todo';
    if (done) state = 'done';
    else if (waiting) state = 'waiting';
    else if (actionable && !nextGiven) {
      nextGiven = true;
      state = 'next';
    }
    return { ...s, state, locked: !done && !waiting && !actionable };
  });
}
