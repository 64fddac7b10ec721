// The lending screens of spec 000 section 1 (caches, rewards pool, redemption, liquidation, FTX
// staking, sending tokens, liquid staking with FETH, the system overview), by route path. They sit
// behind the wallet gate (a connected wallet on a supported network) without the staking
// wallet-state check. Each page loads lazily, so the protocol code loads with the first lending
// page and never on /login.
import type { ComponentType } from 'react';

type Lazy = () => Promise<{ Component: ComponentType }>;

const screens: Record<string, Lazy> = {
  '/borrower': async () => ({ Component: (await import('./borrow/BorrowPage.tsx')).BorrowPage }),
  '/guarantor': async () => ({ Component: (await import('./pool/RewardsPoolPage.tsx')).RewardsPoolPage }),
  '/redeem': async () => ({ Component: (await import('./pool/RedeemPage.tsx')).RedeemPage }),
  '/riskyCaches': async () => ({ Component: (await import('./pool/RiskyCachesPage.tsx')).RiskyCachesPage }),
  '/ftxStaking': async () => ({ Component: (await import('./wallet/FtxStakingPage.tsx')).FtxStakingPage }),
  '/send': async () => ({ Component: (await import('./wallet/SendPage.tsx')).SendPage }),
  '/liquidStaking': async () => ({
    Component: (await import('./liquid/LiquidStakingPage.tsx')).LiquidStakingPage,
  }),
  '/system': async () => ({ Component: (await import('./market/SystemPage.tsx')).SystemPage }),
};

export const lendingPaths = Object.keys(screens);

/** The lazy import of a lending screen. */
export function lendingLazy(path: string): Lazy | undefined {
  return screens[path];
}
