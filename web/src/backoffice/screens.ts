// The back office screens: each a route rendering the generic screen of its service.
import type { ScreenConfig } from '../framework/index.ts';

export interface StaffScreen {
  /** Path under /staff. */
  path: string;
  /** Link text of the back office navigation. */
  title: string;
  config: ScreenConfig;
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

/** The back office navigation, in this order. Payments have no screen yet: there is no
 * payments table until the credits and payments issue. */
export const staffScreens: readonly StaffScreen[] = [
  kycScreen,
  corporateScreen,
  supportScreen,
  usersScreen,
  walletsScreen,
  transactionsScreen,
];

export const STAFF_HOME = `/staff/${kycScreen.path}`;
