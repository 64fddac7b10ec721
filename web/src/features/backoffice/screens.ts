// The back office screens: each a route rendering the generic screen of its service.
import type { ScreenConfig } from '../../framework/index.ts';
import { StaffRole } from '../../shell/session/staffRoles.ts';
import { chargesScreen } from './charges.ts';
import { poolScreen } from './pool.ts';

export interface StaffScreen {
  /** Path under /staff. */
  path: string;
  /** Link text of the back office navigation. */
  title: string;
  config: ScreenConfig;
  /** Staff roles the navigation shows it to (default: every staff role). The server decides
   * access; this only spares others a link to 'Access denied'. */
  roles?: readonly number[];
}

export const kycScreen: StaffScreen = {
  path: 'kyc',
  title: 'KYC review',
  config: {
    service: 'KycPerson',
    entity: 'KycPerson15',
    keys: { mstKey: 'KycPersonId15', version: 'RowVersion15', dtlKey: 'DocId' },
  },
};

export const supportScreen: StaffScreen = {
  path: 'support',
  title: 'Support requests',
  config: {
    service: 'SupportRequest',
    entity: 'SupportRequest51',
    keys: { mstKey: 'SupportRequestId51', version: 'RowVersion51' },
  },
};

export const corporateScreen: StaffScreen = {
  path: 'corporates',
  title: 'KYC corporates',
  config: {
    service: 'KycCorporate',
    entity: 'KycCorporate16',
    keys: { mstKey: 'KycCorpId16', version: 'RowVersion16', dtlKey: 'KycCorpCrpId23' },
  },
};

export const usersScreen: StaffScreen = {
  path: 'users',
  title: 'Users',
  config: { service: 'Usr', entity: 'Usr1', keys: { mstKey: 'UsrId1', dtlKey: 'WalletAddr1' } },
};

/** Customers' validator wallets with their validators (Eth2WalletWs; staff read only). */
export const walletsScreen: StaffScreen = {
  path: 'wallets',
  title: 'Wallets',
  config: {
    service: 'Eth2Wallet',
    entity: 'Eth2Wallet5',
    keys: { mstKey: 'Eth2WalletId6', version: 'RowVersion6', dtlKey: 'Eth2ValidatorId5' },
  },
};

/** A wallet's deposits, withdrawals and rewards (EthTxHistoryWs; staff read only). */
export const transactionsScreen: StaffScreen = {
  path: 'transactions',
  title: 'Transactions',
  config: {
    service: 'EthTxHistory',
    entity: 'EthTxHistory13',
    keys: { mstKey: 'Eth2WalletId6', dtlKey: 'TxHistoryId22' },
  },
};

/** Customers' payments for credits (StakePaymentWs; view-only for every staff role). */
export const paymentsScreen: StaffScreen = {
  path: 'payments',
  title: 'Payments',
  config: {
    service: 'StakePayment',
    entity: 'StakePayment3',
    keys: { mstKey: 'PmtId4', version: 'RowVersion4' },
  },
};

/** The agents customers may pick at wallet registration (StakeAgentWs; admins only). */
export const agentsScreen: StaffScreen = {
  path: 'agents',
  title: 'Stake agents',
  config: { service: 'StakeAgent', entity: 'StakeAgent40', keys: { mstKey: 'AgentKey40' } },
  roles: [StaffRole.admin],
};

/** The back office navigation, in this order. */
export const staffScreens: readonly StaffScreen[] = [
  kycScreen,
  corporateScreen,
  supportScreen,
  usersScreen,
  walletsScreen,
  transactionsScreen,
  chargesScreen,
  poolScreen,
  paymentsScreen,
  agentsScreen,
];

/** The screens the navigation offers a staff role. */
export function staffNavScreens(role: number | null | undefined): StaffScreen[] {
  return staffScreens.filter(
    (s) => !s.roles || (role !== null && role !== undefined && s.roles.includes(role)),
  );
}
