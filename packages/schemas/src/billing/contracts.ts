// The contracts of the billing methods (contract/contract.ts): body, reply and caller of each.
// The web calls them through billing/methods.ts; the server implements them in server/src/billing.
import { z } from 'zod';
import { defineContract } from '../contract/contract.ts';

/** A customer's Total Balance card (spec 001 'Balance record'). */
export const balanceRecord = z.strictObject({
  Credits: z.string(),
  Topups: z.string(),
  Charges: z.string(),
  /** Whole days the credits last at DailyCharge a day. */
  Remaining: z.number().int(),
  RemainingText: z.string(),
  Validators: z.number().int(),
  /** Credits a day of the validators counted: per 32 ETH of each one's effective balance. */
  DailyCharge: z.string(),
  /** Their effective balances added up, in whole ETH. */
  EffectiveEth: z.string(),
});
export type BalanceRecord = z.output<typeof balanceRecord>;

export const getBalance = defineContract({
  service: 'StakeAcctBalance',
  method: 'GetBalance',
  summary: "The caller's credits, this month's top-ups and charges, and how many days the credits last.",
  auth: 'user',
  // usrId is accepted and ignored (spec 001 sends it; the caller is always the signed-in user).
  body: z.object({ usrId: z.unknown().optional(), walletAddress: z.string().max(64).optional() }).loose(),
  reply: z.strictObject({ Dtl: z.array(balanceRecord), dtl: z.array(balanceRecord) }),
  example: { body: {} },
});
