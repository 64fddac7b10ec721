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

export const usersScreen: StaffScreen = {
  path: 'users',
  title: 'Users',
  config: { service: 'Usr', entity: 'Usr1', keys: { mstKey: 'UsrId1', dtlKey: 'WalletAddr1' } },
};

export const staffScreens: readonly StaffScreen[] = [kycScreen, supportScreen, usersScreen];

export const STAFF_HOME = `/staff/${kycScreen.path}`;
