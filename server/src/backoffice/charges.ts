// StakeChargeWs: the daily charges per validator (issue 12, billing/charges), for staff to see a
// customer's charges next to their payments (StakePaymentWs): pick the customer in the criteria
// and the list shows each validator-day charged. Rows are written only by the charge job: every
// role is view-only, staff see every charge, a customer only their own. A customer's balance is
// their successful payments minus these charges (billing/charges/ledger.ts creditBalance), which
// staff read with GetCreditBalance {usrId} (staff roles only; the screen shows it beside a charge).
import { and, count, eq, inArray } from 'drizzle-orm';
import { getCreditBalance } from '@payd/schemas';
import type { Db } from '../db/database.ts';
import { eth2Validator } from '../db/schema.ts';
import { creditBalance, monthOf, monthTotals, type BillingNow } from '../billing/index.ts';
import { defineScreen } from '../framework/definition.ts';
import { date, datetime, decimal, lookup, num, userSource } from '../framework/columns.ts';
import { Role } from '../framework/roles.ts';
import { implement } from '../wire/implement.ts';
import type { MethodDefinition } from '../wire/method.ts';

const serverOnly = { readOnly: 'all' } as const;
const viewOnly = { allowAdd: false, allowUpd: false, allowDel: false, viewOnly: true } as const;

export const chargesScreen = defineScreen({
  screenId: 35,
  service: 'StakeCharge',
  entity: 'StakeCharge35',
  title: 'Charges',
  help: 'Daily charges per validator in credits, written by the charge job once a UTC day has passed.',
  master: {
    table: 'stake_charge',
    owner: { userColumn: 'usr_id' },
    columns: [
      num('ChargeId35', 'charge_id', 'Charge Id', { system: 'key' }),
      lookup('UsrId35', 'usr_id', 'Customer', userSource, { system: 'owner' }),
      lookup(
        'Eth2ValidatorId35',
        'eth2_validator_id',
        'Validator',
        { table: 'eth2_validator', key: 'eth2_validator_id', label: 'pub_key', ownerColumn: 'usr_id' },
        serverOnly,
      ),
      date('ChargeDay35', 'charge_day', 'Day (UTC)', serverOnly),
      decimal('CreditAmt35', 'credit_amt', 'Credits', { scale: 2, ...serverOnly }),
      datetime('ChargedOn35', 'charged_on', 'Charged On', serverOnly),
    ],
  },
  searchList: {
    label: 'ChargeDay35',
    labelR: 'CreditAmt35',
    detail: 'Eth2ValidatorId35',
    detailR: 'UsrId35',
    search: ['UsrId35'],
    orderBy: 'ChargeId35',
    orderDir: 'desc',
  },
  access: [
    { roles: 'customers', rows: 'own', ...viewOnly },
    { roles: [Role.kycReviewer, Role.operator, Role.admin], rows: 'all', ...viewOnly },
  ],
  buttons: {
    New: { enabled: false },
    Copy: { enabled: false },
    Delete: { enabled: false },
    Save: { enabled: false },
    SaveClose: { enabled: false },
  },
  criteria: [
    { id: 1, column: 'UsrId35', label: 'Customer', dropdown: { kind: 'table', ...userSource } },
    { id: 2, column: 'ChargeDay35', label: 'Day from', op: 'from' },
    { id: 3, column: 'ChargeDay35', label: 'Day until', op: 'to' },
  ],
});

/**
 * StakeCharge GetCreditBalance {usrId}: a customer's credit balance for staff (the protocol refuses
 * every other role before the handler runs); an unknown customer answers zeros.
 */
export function chargeMethods(db: Db, now: BillingNow): MethodDefinition[] {
  const balance = implement(getCreditBalance, async (b) => {
    // The month of the billing clock the charges follow (the dev chain's on chain 88).
    const totals = await monthTotals(db, b.usrId, monthOf(await now()));
    const [v] = await db
      .select({ n: count() })
      .from(eth2Validator)
      .where(and(eq(eth2Validator.usrId, b.usrId), inArray(eth2Validator.validatorStatusCd, ['3', '4'])));
    return {
      UsrId: b.usrId,
      Balance: await creditBalance(db, b.usrId),
      TopUpsThisMonth: totals.topUps,
      ChargesThisMonth: totals.charges,
      Validators: v?.n ?? 0,
    };
  });
  return [balance];
}
