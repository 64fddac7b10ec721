// The KYC screens this folder serves, by route path; router.tsx falls back to its pending screen
// for the others. Each page loads lazily.
import type { ComponentType } from 'react';

type Lazy = () => Promise<{ Component: ComponentType }>;

const screens: Record<string, Lazy> = {
  '/welcome': async () => ({ Component: (await import('./WelcomePage.tsx')).WelcomePage }),
  '/user-option': async () => ({ Component: (await import('./UserOptionPage.tsx')).UserOptionPage }),
  '/get-started-steps': async () => ({
    Component: (await import('./GetStartedStepsPage.tsx')).GetStartedStepsPage,
  }),
  '/personal-detail': async () => ({
    Component: (await import('./PersonalDetailPage.tsx')).PersonalDetailPage,
  }),
  '/supporting-doc': async () => ({
    Component: (await import('./SupportingDocPage.tsx')).SupportingDocPage,
  }),
  '/liveness': async () => ({ Component: (await import('./LivenessPage.tsx')).LivenessPage }),
  '/disclosures': async () => ({ Component: (await import('./DisclosuresPage.tsx')).DisclosuresPage }),
  '/kyc-status': async () => ({ Component: (await import('./KycStatusPage.tsx')).KycStatusPage }),
  '/kyc-Status': async () => ({ Component: (await import('./KycStatusPage.tsx')).KycStatusPage }),
  '/corporate-detail': async () => ({
    Component: (await import('./CorporateDetailPage.tsx')).CorporateDetailPage,
  }),
  '/business-request': async () => ({
    Component: (await import('./BusinessRequestPage.tsx')).BusinessRequestPage,
  }),
  '/metamask-confirm': async () => ({
    Component: (await import('./MetamaskConfirmPage.tsx')).MetamaskConfirmPage,
  }),
  '/what-next': async () => ({ Component: (await import('./WhatNextPage.tsx')).WhatNextPage }),
  '/confirm-message': async () => ({
    Component: (await import('./ConfirmMessagePage.tsx')).ConfirmMessagePage,
  }),
  // The support request screen: a protected route (wallet connected), served from here.
  '/customer-support': async () => ({
    Component: (await import('./SupportRequestPage.tsx')).SupportRequestPage,
  }),
};

/** The lazy import of a KYC screen built here, or undefined when it is still pending. */
export function kycLazy(path: string): Lazy | undefined {
  return screens[path];
}
