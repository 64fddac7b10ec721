// The route table of spec 002 section 2. Pages are lazy so /login downloads only what it shows;
// everything behind the wallet gate (wagmi, viem) loads with the first protected route.
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RootLayout, type RouteHandle } from '../layout/RootLayout.tsx';
import { HomeRedirect, RequireUser, SignedOutOnly, WalletStateCheck } from './RouteGuards.tsx';
import { ACCOUNT_STATUS_PATH, kycPaths, walletCheckedPaths } from './paths.ts';
import { ErrorPage, NotFoundPage, RouteErrorPage } from './RouteErrorPage.tsx';
import { staffRoute } from '../backoffice/staffRoute.tsx';
import { kycLazy } from '../features/kyc/kycRoutes.ts';
import { stakingLazy } from '../features/staking/stakingRoutes.ts';
import { billingLazy } from '../features/billing/billingRoutes.ts';
import { lendingLazy, lendingPaths } from '../features/lending/lendingRoutes.ts';
import { ALERTS_PATH, alertsLazy } from '../features/alerts/index.ts';

const pending = (path: string) => async () => {
  const { PendingScreen } = await import('./pending.tsx');
  return { Component: () => <PendingScreen path={path} /> };
};

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <HomeRedirect /> },
      // ---- public ----
      {
        path: 'login',
        lazy: async () => ({ Component: (await import('../auth/LoginPage.tsx')).LoginPage }),
        handle: { withoutQueryClient: true } satisfies RouteHandle,
      },
      { path: 'error', Component: ErrorPage },
      { path: 'Pricing', lazy: billingLazy('/Pricing') },
      { path: 'terms', lazy: async () => ({ Component: (await import('../auth/TermsPage.tsx')).TermsPage }) },
      {
        path: 'access-denied',
        lazy: async () => ({ Component: (await import('./AccessDeniedPage.tsx')).AccessDeniedPage }),
      },
      {
        id: 'signed-out-only',
        element: <SignedOutOnly />,
        children: [
          {
            path: 'sign-up',
            lazy: async () => ({ Component: (await import('../auth/SignUpPage.tsx')).SignUpPage }),
          },
          {
            path: 'sign-up-restriction',
            lazy: async () => ({
              Component: (await import('../auth/SignUpRestrictionPage.tsx')).SignUpRestrictionPage,
            }),
          },
          {
            path: 'forgot-password',
            lazy: async () => ({
              Component: (await import('../auth/ForgotPasswordPage.tsx')).ForgotPasswordPage,
            }),
          },
          {
            path: 'NewPassword',
            lazy: async () => ({
              Component: (await import('../auth/NewPasswordPage.tsx')).NewPasswordPage,
            }),
          },
        ],
      },
      // ---- signed in ----
      {
        id: 'signed-in',
        element: <RequireUser />,
        children: [
          {
            path: 'lender',
            lazy: async () => ({
              Component: (await import('../auth/RoleLandingPage.tsx')).RoleLandingPage,
            }),
          },
          // the lending page once onboarding is done (inside the wallet layout), else the landing
          ...['/borrower', '/guarantor'].map((p) => ({
            path: p.slice(1),
            lazy: async () => ({
              Component: (await import('../features/lending/LendingRoleRoute.tsx')).LendingRoleRoute,
            }),
            children: [
              {
                lazy: async () => ({
                  Component: (await import('../features/wallet/WalletLayout.tsx')).WalletLayout,
                }),
                children: [{ index: true, lazy: lendingLazy(p) }],
              },
            ],
          })),
          { path: ALERTS_PATH.slice(1), lazy: alertsLazy },
          {
            path: 'profile',
            lazy: async () => ({
              Component: (await import('../auth/SecurityPage.tsx')).SecurityPage,
            }),
          },
          // back office (staff roles only; StaffLayout shows others 'Access denied')
          staffRoute,
          // KYC routes (screens of the KYC issue); kyc-status takes an optional mst id
          ...kycPaths.map((p) => ({ path: p.slice(1), lazy: kycLazy(p) ?? pending(p) })),
          { path: 'welcome/:mstId', lazy: kycLazy('/welcome') },
          { path: 'kyc-status/:mstId', lazy: kycLazy('/kyc-status') },
          { path: 'kyc-Status/:mstId', lazy: kycLazy('/kyc-status') },
          // protected: a connected wallet on a supported network
          {
            id: 'wallet',
            lazy: async () => ({
              Component: (await import('../features/wallet/WalletLayout.tsx')).WalletLayout,
            }),
            children: [
              // lending (spec 000): a connected wallet, no staking wallet-state check
              ...lendingPaths
                .filter((p) => p !== '/borrower' && p !== '/guarantor')
                .map((p) => ({ path: p.slice(1), lazy: lendingLazy(p) })),
              {
                path: ACCOUNT_STATUS_PATH.slice(1),
                lazy: stakingLazy(ACCOUNT_STATUS_PATH) ?? pending(ACCOUNT_STATUS_PATH),
              },
              {
                id: 'wallet-state-check',
                element: <WalletStateCheck />,
                children: walletCheckedPaths.map((p) => ({
                  path: p.slice(1),
                  lazy: stakingLazy(p) ?? billingLazy(p) ?? kycLazy(p) ?? pending(p),
                })),
              },
            ],
          },
        ],
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
