// The route table of spec 002 section 2: which paths are public, KYC (signed-in) and protected
// (signed-in, wallet connected, most with the wallet-state check).

export const publicPaths = [
  '/login',
  '/forgot-password',
  '/error',
  '/Pricing',
  '/terms',
  '/NewPassword',
  '/sign-up',
  '/sign-up-restriction',
] as const;

export const kycPaths = [
  '/welcome',
  '/user-option',
  '/get-started-steps',
  '/personal-detail',
  '/corporate-detail',
  '/business-request',
  '/supporting-doc',
  '/liveness',
  '/disclosures',
  '/kyc-status',
  '/kyc-Status',
  '/metamask-confirm',
  '/what-next',
  '/confirm-message',
] as const;

/** Protected routes that also run the wallet-state check. */
export const walletCheckedPaths = [
  '/dashboard',
  '/stakeOption',
  '/stakeETH',
  '/withdrawETH',
  '/manageValidator',
  '/payment',
  '/stripeCheckout',
  '/paymentConfirm',
  '/customer-support',
  '/rewardStatements',
  '/rewardStatementDetail',
  '/accountStatements',
  '/withdrawConfirm',
  '/StmtDownloadConfirm',
] as const;

/**
 * What a terminated customer (wallet status D) still opens, read-only (issue 24): the dashboard's
 * history, the payment history, the statements, the keys and the words, and support. The other
 * checked pages (stake, withdraw, top up) go to /accountStatus, which says how to come back.
 */
export const terminatedReadablePaths = [
  '/dashboard',
  '/payment',
  '/rewardStatements',
  '/rewardStatementDetail',
  '/accountStatements',
  '/StmtDownloadConfirm',
  '/manageValidator',
  '/customer-support',
] as const;

/** Needs a wallet, but no wallet-state check. */
export const ACCOUNT_STATUS_PATH = '/accountStatus';
export const LOGIN_PATH = '/login';
export const DASHBOARD_PATH = '/dashboard';

/** Pages a signed-in user is sent away from: sign-up, password reset and the restriction page. */
export const signedOutOnlyPaths = [
  '/sign-up',
  '/forgot-password',
  '/NewPassword',
  '/sign-up-restriction',
] as const;

/** The top navigation is hidden here (and on the root). */
export const topNavHiddenPaths = [
  '/',
  '/login',
  '/sign-up',
  '/forgot-password',
  '/Pricing',
  '/terms',
] as const;
