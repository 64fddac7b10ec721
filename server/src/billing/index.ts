// The billing feature as other features see it: a customer's credit balance and monthly totals
// (the staff view of charges, backoffice/charges.ts). Other features import these from here.
export { creditBalance, monthOf, monthTotals } from './charges/ledger.ts';
export { billingNow, type BillingNow } from './statements/billingClock.ts';
// The alerts feature's credits evaluator and its chain reads (issue 29).
export { standings as creditStandings, type Standing as CreditStanding } from './charges/termination.ts';
export { chargesConfig, inTestWorker } from './charges/config.ts';
export { paymentsConfig } from './payments/config.ts';
export { chainSource, deploymentFile, type ChainSource } from './payments/chain.ts';
