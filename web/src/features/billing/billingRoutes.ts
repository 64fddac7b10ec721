// The money-side screens of spec 001 (credits, payments, statements, pricing), by route path;
// router.tsx falls back to its pending screen for the others. Each page loads lazily.
import type { ComponentType } from 'react';

type Lazy = () => Promise<{ Component: ComponentType }>;

const screens: Record<string, Lazy> = {
  '/Pricing': async () => ({ Component: (await import('./payment/PricingPage.tsx')).PricingPage }),
  '/payment': async () => ({ Component: (await import('./payment/PaymentPage.tsx')).PaymentPage }),
  '/stripeCheckout': async () => ({
    Component: (await import('./card/StripeCheckoutPage.tsx')).StripeCheckoutPage,
  }),
  '/paymentConfirm': async () => ({
    Component: (await import('./card/PaymentConfirmPage.tsx')).PaymentConfirmPage,
  }),
  '/rewardStatements': async () => ({
    Component: (await import('./statements/RewardStatementsPage.tsx')).RewardStatementsPage,
  }),
  '/rewardStatementDetail': async () => ({
    Component: (await import('./statements/RewardStatementDetailPage.tsx')).RewardStatementDetailPage,
  }),
  '/accountStatements': async () => ({
    Component: (await import('./statements/AccountStatementsPage.tsx')).AccountStatementsPage,
  }),
  '/StmtDownloadConfirm': async () => ({
    Component: (await import('./statements/StmtDownloadConfirmPage.tsx')).StmtDownloadConfirmPage,
  }),
};

/** The lazy import of a billing screen built here, or undefined when it is still pending. */
export function billingLazy(path: string): Lazy | undefined {
  return screens[path];
}
