// The accounts feature (sign-in, sign-up, reset, security, the role landing pages) as other
// features see it: a customer's onboarding progress and its landing page, and the fresh sign-in a
// sensitive call asks for. Other features import these from here, not from the files behind.
export { hasApprovedWallet, kycStage, type CustomerProgress } from './progress.ts';
export { useCustomerProgress } from './useCustomerProgress.ts';
export { RoleLandingPage } from './RoleLandingPage.tsx';
export { PendingIdentityAlert, useConfirmIdentity } from './ConfirmIdentityModal.tsx';
export { isReauthRequired } from './reauth.ts';
