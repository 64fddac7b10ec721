// The staking screens this folder serves (spec 001), by route path; router.tsx falls back to its
// pending screen for the others. Each page loads lazily.
import type { ComponentType } from 'react';

type Lazy = () => Promise<{ Component: ComponentType }>;

const screens: Record<string, Lazy> = {
  '/accountStatus': async () => ({
    Component: (await import('./AccountStatusPage.tsx')).AccountStatusPage,
  }),
  '/stakeOption': async () => ({ Component: (await import('./StakeOptionPage.tsx')).StakeOptionPage }),
  '/stakeETH': async () => ({ Component: (await import('./StakePage.tsx')).StakePage }),
  '/dashboard': async () => ({ Component: (await import('./DashboardPage.tsx')).DashboardPage }),
  '/withdrawETH': async () => ({ Component: (await import('./WithdrawPage.tsx')).WithdrawPage }),
  '/withdrawConfirm': async () => ({
    Component: (await import('./WithdrawConfirmPage.tsx')).WithdrawConfirmPage,
  }),
  '/manageValidator': async () => ({
    Component: (await import('./ManageValidatorPage.tsx')).ManageValidatorPage,
  }),
};

/** The lazy import of a staking screen built here, or undefined when it is still pending. */
export function stakingLazy(path: string): Lazy | undefined {
  return screens[path];
}
