// The billing feature as other features see it: a customer's credit balance and monthly totals
// (the staff view of charges, backoffice/charges.ts). Other features import these from here.
export { creditBalance, monthOf, monthTotals } from './charges/ledger.ts';
export { billingNow, type BillingNow } from './statements/billingClock.ts';
