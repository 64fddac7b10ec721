// The staff screen of customers' daily charges (StakeChargeWs, server backoffice/charges.ts;
// view-only for every staff role): pick a customer in the criteria to see each validator-day
// charged, next to their payments (/staff/payments); an open charge shows its customer's credit
// balance (GetCreditBalance, CustomerBalance.tsx).
import type { StaffScreen } from './screens.ts';

export const SERVICE = 'StakeCharge';

/** The customer of an open charge record, or null. */
export function chargeCustomer(mst: Record<string, unknown>): string | null {
  const id = mst.UsrId35;
  return id === null || id === undefined || id === '' ? null : String(id);
}

export const chargesScreen: StaffScreen = {
  path: 'charges',
  title: 'Charges',
  config: {
    service: SERVICE,
    entity: 'StakeCharge35',
    keys: { mstKey: 'ChargeId35' },
  },
};
