// What other features use of billing: the credit balance and the rates (the stake flow's fee and
// credit runway, staking/stakeFees.ts).
export { useBalance, useRates, type BalanceRecord } from './payment/paymentApi.ts';
