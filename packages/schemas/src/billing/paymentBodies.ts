// The request bodies of the wallet payments the server books (spec 001 section 7: GetEthPayment,
// GetFtxPayment), as zod schemas. A file apart from topUp.ts so the web's /payment page, which
// takes only their types, does not download zod's full build with the top-up rules.
import { z } from 'zod';
import { checkCredits, TOP_UP_MAX_MESSAGE, TOP_UP_MIN_MESSAGE } from './topUp.ts';

/** Most whole digits of a paid ETH or FTX amount: more than any wallet holds, far below overflow. */
export const MAX_PAID_INTEGER_DIGITS = 12;
export const PAID_AMOUNT_MESSAGE = 'must be an amount above 0 with at most 12 digits before the point';

/** A paid ETH or FTX amount: a plain decimal (wei precision), above 0, at most 12 whole digits. */
const paidAmount = z
  .string()
  .refine(
    (v) => new RegExp(`^\\d{1,${MAX_PAID_INTEGER_DIGITS}}(\\.\\d{1,18})?$`).test(v) && /[1-9]/.test(v),
    PAID_AMOUNT_MESSAGE,
  );

/**
 * Credits bought: a plain decimal with at most 2 places, within the top-up rules of topUp.ts
 * (at least 1, at most MAX_CREDITS_PER_PAYMENT), with their messages.
 */
export const creditAmount = z.string().superRefine((v, ctx) => {
  // One message per field: the form first, then the top-up rules.
  if (v.length > 64) ctx.addIssue({ code: 'custom', message: TOP_UP_MAX_MESSAGE });
  else if (!/^\d+(\.\d{1,2})?$/.test(v))
    ctx.addIssue({ code: 'custom', message: 'must be a decimal number with at most 2 decimals' });
  else {
    const check = checkCredits(v);
    if (!check.ok) ctx.addIssue({ code: 'custom', message: check.error ?? TOP_UP_MIN_MESSAGE });
  }
});
const txHash = z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'must be a transaction hash');
const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be an address');

/** GetEthPayment's body (spec 001 section 7). ethAmt is in ETH, creditAmt in credits. */
export const ethPaymentBody = z.object({
  txHash,
  walletAddress: address,
  fintruxWallet: address,
  ethAmt: paidAmount,
  creditAmt: creditAmount,
});
export type EthPaymentBody = z.infer<typeof ethPaymentBody>;

/** GetFtxPayment's body (spec 001 section 7). ftxAmt is in FTX, creditAmt in credits. */
export const ftxPaymentBody = z.object({
  txHash,
  ftxTokenAddress: address,
  walletAddress: address,
  fintruxWallet: address,
  ftxAmt: paidAmount,
  creditAmt: creditAmount,
});
export type FtxPaymentBody = z.infer<typeof ftxPaymentBody>;
