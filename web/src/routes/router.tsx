// The route table of spec 002 section 2. Pages are lazy so /login downloads only what it shows;
// everything behind the wallet gate (wagmi, viem) loads with the first protected route. The one
// place that knows every feature: it hands the app shell what the shell shows of them (the lending
// menu, the KYC check in front of the wallet pages, a customer's landing page).
import { lazy, Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RootLayout, type RouteHandle } from '../shell/navigation/RootLayout.tsx';
import {
  HomeRedirect,
  RequireUser,
  SignedOutOnly,
  WalletStateCheck,
} from '../shell/navigation/RouteGuards.tsx';
import { ACCOUNT_STATUS_PATH, kycPaths, walletCheckedPaths } from '../shell/navigation/paths.ts';
import { ErrorPage, NotFoundPage, RouteErrorPage } from '../shell/navigation/RouteErrorPage.tsx';
import { staffRoute } from '../features/backoffice/staffRoute.tsx';
import { kycLazy } from '../features/kyc/kycRoutes.ts';
import { stakingLazy } from '../features/staking/stakingRoutes.ts';
import { billingLazy } from '../features/billing/billingRoutes.ts';
import { lendingLazy, lendingPaths } from '../features/lending/lendingRoutes.ts';
import { ALERTS_PATH, alertBellLazy, alertsLazy } from '../features/alerts/index.ts';
import { lendingNav } from '../features/lending/lendingNav.ts';

const KycDeclinedCheck = lazy(async () => ({
  default: (await import('../features/kyc/KycDeclinedCheck.tsx')).KycDeclinedCheck,
}));
const CustomerLanding = lazy(async () => ({
  default: (await import('../features/accounts/CustomerLanding.tsx')).CustomerLanding,
}));
/** The lending entries of the sidebar and the account menu (spec 000's pages). */
const lendingMenu = lendingNav.map((item) => ({ label: item.label, id: item.id, path: item.to }));
/** The alerts' bell in a customer's top bar: loaded with the navigation, not with /login. */
const AlertBell = lazy(alertBellLazy);
const customerTools = (
  <Suspense fallback={null}>
    <AlertBell />
  </Suspense>
);

type Lazy = NonNullable<RouteObject['lazy']>;

/** The first feature's screen for `path`; a path of the guard lists no feature serves fails here, at load. */
function served(path: string, ...candidates: (Lazy | undefined)[]): Lazy {
  const lazy = candidates.find((c) => c !== undefined);
  if (!lazy) throw new Error(`No feature serves ${path}`);
  return lazy;
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout lendingMenu={lendingMenu} customerTools={customerTools} />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <HomeRedirect customerLanding={<CustomerLanding />} /> },
      // ---- public ----
      {
        path: 'login',
        lazy: async () => ({ Component: (await import('../features/accounts/LoginPage.tsx')).LoginPage }),
        handle: { withoutQueryClient: true } satisfies RouteHandle,
      },
      { path: 'error', Component: ErrorPage },
      { path: 'Pricing', lazy: billingLazy('/Pricing') },
      {
        path: 'terms',
        lazy: async () => ({ Component: (await import('../features/accounts/TermsPage.tsx')).TermsPage }),
      },
      {
        path: 'access-denied',
        lazy: async () => ({
          Component: (await import('../shell/navigation/AccessDeniedPage.tsx')).AccessDeniedPage,
        }),
      },
      {
        id: 'signed-out-only',
        element: <SignedOutOnly />,
        children: [
          {
            path: 'sign-up',
            lazy: async () => ({
              Component: (await import('../features/accounts/SignUpPage.tsx')).SignUpPage,
            }),
          },
          {
            path: 'sign-up-restriction',
            lazy: async () => ({
              Component: (await import('../features/accounts/SignUpRestrictionPage.tsx'))
                .SignUpRestrictionPage,
            }),
          },
          {
            path: 'forgot-password',
            lazy: async () => ({
              Component: (await import('../features/accounts/ForgotPasswordPage.tsx')).ForgotPasswordPage,
            }),
          },
          {
            path: 'NewPassword',
            lazy: async () => ({
              Component: (await import('../features/accounts/NewPasswordPage.tsx')).NewPasswordPage,
            }),
          },
        ],
      },
      // ---- signed in ----
      {
        id: 'signed-in',
        element: <RequireUser walletPagesCheck={<KycDeclinedCheck />} />,
        children: [
          {
            path: 'lender',
            lazy: async () => ({
              Component: (await import('../features/accounts/RoleLandingPage.tsx')).RoleLandingPage,
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
              Component: (await import('../features/accounts/SecurityPage.tsx')).SecurityPage,
            }),
          },
          // back office (staff roles only; StaffLayout shows others 'Access denied')
          staffRoute,
          // KYC routes (screens of the KYC issue); kyc-status takes an optional mst id
          ...kycPaths.map((p) => ({ path: p.slice(1), lazy: served(p, kycLazy(p)) })),
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
                lazy: served(ACCOUNT_STATUS_PATH, stakingLazy(ACCOUNT_STATUS_PATH)),
              },
              {
                id: 'wallet-state-check',
                element: <WalletStateCheck />,
                children: walletCheckedPaths.map((p) => ({
                  path: p.slice(1),
                  lazy: served(p, stakingLazy(p), billingLazy(p), kycLazy(p)),
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
