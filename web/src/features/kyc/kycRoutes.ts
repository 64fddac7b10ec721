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
  '/disclosures': async () => ({ Component: (await import('./DisclosuresPage.tsx')).DisclosuresPage }),
  '/kyc-status': async () => ({ Component: (await import('./KycStatusPage.tsx')).KycStatusPage }),
  '/kyc-Status': async () => ({ Component: (await import('./KycStatusPage.tsx')).KycStatusPage }),
};

/** The lazy import of a KYC screen built here, or undefined when it is still pending. */
export function kycLazy(path: string): Lazy | undefined {
  return screens[path];
}
