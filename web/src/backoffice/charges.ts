// The staff screen of customers' daily charges (StakeChargeWs, server backoffice/charges.ts;
// view-only for every staff role): pick a customer in the criteria to see each validator-day
// charged, next to their payments (/staff/payments).
import type { StaffScreen } from './screens.ts';

export const chargesScreen: StaffScreen = {
  path: 'charges',
  title: 'Charges',
  config: {
    service: 'StakeCharge',
    entity: 'StakeCharge35',
    keys: { mstKey: 'ChargeId35' },
  },
};
