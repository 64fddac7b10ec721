// The back office routes (/staff/kyc, /staff/corporates, /staff/support, /staff/users,
// /staff/wallets, /staff/transactions, /staff/charges, /staff/pool, /staff/payments, /staff/agents), mounted by the route table
// under the signed-in guard; StaffLayout lets only staff roles in.
import { Navigate, type RouteObject } from 'react-router';
import {
  agentsScreen,
  corporateScreen,
  paymentsScreen,
  kycScreen,
  supportScreen,
  transactionsScreen,
  usersScreen,
  walletsScreen,
} from './screens.ts';
import { chargesScreen } from './charges.ts';
import { poolScreen } from './pool.ts';

export const staffRoute: RouteObject = {
  id: 'staff',
  path: 'staff',
  lazy: async () => ({ Component: (await import('./StaffLayout.tsx')).StaffLayout }),
  children: [
    { index: true, element: <Navigate to={kycScreen.path} replace /> },
    ...(
      [
        [kycScreen.path, 'KycReviewPage'],
        [corporateScreen.path, 'KycCorporatesPage'],
        [supportScreen.path, 'SupportRequestsPage'],
        [usersScreen.path, 'UsersPage'],
        [walletsScreen.path, 'WalletsPage'],
        [transactionsScreen.path, 'TransactionsPage'],
        [chargesScreen.path, 'ChargesPage'],
        [poolScreen.path, 'PoolPage'],
        [paymentsScreen.path, 'PaymentsPage'],
        [agentsScreen.path, 'StakeAgentsPage'],
      ] as const
    ).map(([path, page]) =>
      // One route with an optional record id, so opening a record keeps the screen mounted.
      ({
        path: `${path}/:mstId?`,
        lazy: async () => ({ Component: (await import('./StaffScreenPages.tsx'))[page] }),
      }),
    ),
  ],
};
