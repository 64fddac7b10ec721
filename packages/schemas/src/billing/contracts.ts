// The contracts of the billing methods (contract/contract.ts): body, reply and caller of each.
// The web calls them through billing/methods.ts; the server implements them in server/src/billing.
import { z } from 'zod';
import { defineContract } from '../contract/contract.ts';
import { PG_INT_MAX } from '../fields.ts';
import { ethPaymentBody, ftxPaymentBody } from './paymentBodies.ts';
import { cardCreateBody, cardStatusBody, localCardBody } from './cardBodies.ts';
import type { CardConfigReply, CardCreateReply, CardStatusReply, LocalCardReply } from './card.ts';
import type { Rates } from './rates.ts';
import { STMT_TYPES, type StakeStmtRow } from './statements.ts';
import { getDocZipDownloadBody, getDownloadLinkBody, getStakeStmtListBody } from './statementBodies.ts';

/** Customers' role ids: borrower, guarantor, lender (server/src/framework/roles.ts). */
const CUSTOMER_ROLE_IDS = [1, 2, 3] as const;
/** Staff role ids: kyc reviewer, operator, admin (server/src/framework/roles.ts). */
const STAFF_ROLE_IDS = [10, 11, 12] as const;

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

// ---- StakePaymentWs ----

const decimalText = z.string();
export const rates = z.strictObject({
  USD: decimalText,
  ETH: decimalText,
  FTX: decimalText,
  CR: decimalText,
}) satisfies z.ZodType<Rates>;

/** One successful payment of the caller's history (spec 001 'Payment history'). */
export const paymentRow = z.strictObject({
  PmtId4: z.number().int(),
  PmtTypeCd4: z.string(),
  PmtTypeName: z.string(),
  Currency: z.string(),
  PmtAmt4: decimalText,
  CreditAmt4: decimalText,
  PmtStatusCd4: z.string(),
  PaidOn4: z.string(),
  TxHash: z.string().nullable(),
});
export type PaymentRow = z.output<typeof paymentRow>;
export const paymentPage = z.strictObject({ total: z.number().int(), data: z.array(paymentRow) });
export type PaymentPage = z.output<typeof paymentPage>;

export const paymentSettings = z.strictObject({
  fintruxWallet: z.string().nullable(),
  ftxTokenAddress: z.string().nullable(),
  chainId: z.number().int(),
  confirmations: z.number().int(),
});
export type PaymentSettings = z.output<typeof paymentSettings>;

/** What a booked ETH or FTX payment answers. */
export const bookedPayment = z.strictObject({ PmtId4: z.number().int(), CreditAmt4: decimalText });

export const getRates = defineContract({
  service: 'StakePayment',
  method: 'GetRates',
  summary: 'The price of one credit in USD, ETH and FTX, and the credits a validator costs a day.',
  auth: 'public',
  body: z.unknown(),
  reply: rates,
  example: { body: {} },
});
export const getPaymentSettings = defineContract({
  service: 'StakePayment',
  method: 'GetPaymentSettings',
  summary: "Where crypto payments go: payd's wallet, the FTX token, the chain and the confirmations.",
  auth: 'user',
  body: z.unknown(),
  reply: paymentSettings,
  example: { body: {} },
});
export const getEthPayment = defineContract({
  service: 'StakePayment',
  method: 'GetEthPayment',
  summary: 'Books an ETH payment sent to payd for credits, once it has its confirmations.',
  auth: 'user',
  body: ethPaymentBody,
  reply: bookedPayment,
});
export const getFtxPayment = defineContract({
  service: 'StakePayment',
  method: 'GetFtxPayment',
  summary: 'Books an FTX payment sent to payd for credits, once it has its confirmations.',
  auth: 'user',
  body: ftxPaymentBody,
  reply: bookedPayment,
});
export const getPaymentHistory = defineContract({
  service: 'StakePayment',
  method: 'GetPaymentHistory',
  summary: "The caller's successful payments, newest first, a page at a time (pageSize 0: all).",
  auth: 'user',
  body: z.object({
    page: z.number().int().min(0).max(100_000).default(0),
    pageSize: z.number().int().min(0).max(100).default(5),
  }),
  reply: paymentPage,
  example: { body: { page: 0, pageSize: 5 } },
});

// ---- PaymentWs (card) ----

export const cardConfigReply = z.discriminatedUnion('provider', [
  z.strictObject({ provider: z.literal('stripe'), publishableKey: z.string() }),
  z.strictObject({ provider: z.literal('local') }),
  z.strictObject({ provider: z.literal('none'), message: z.string() }),
]) satisfies z.ZodType<CardConfigReply>;
export const cardCreateReply = z.strictObject({
  clientSecret: z.string(),
  id: z.number().int(),
  cents: z.string(),
  credits: decimalText,
}) satisfies z.ZodType<CardCreateReply>;
export const cardStatusReply = z.strictObject({
  id: z.number().int(),
  status: z.enum(['P', 'S', 'F']),
  credits: decimalText,
  amount: decimalText,
}) satisfies z.ZodType<CardStatusReply>;
export const localCardReply = z.strictObject({
  outcome: z.enum(['succeeded', 'failed']),
  message: z.string().optional(),
}) satisfies z.ZodType<LocalCardReply>;

export const getCardConfig = defineContract({
  service: 'Payment',
  method: 'GetCardConfig',
  summary: 'Which card provider takes payments (Stripe, the local stand-in, or none and why).',
  auth: 'user',
  body: z.object({}).loose(),
  reply: cardConfigReply,
  example: { body: {} },
});
export const cardCreate = defineContract({
  service: 'Payment',
  method: 'Create',
  summary: 'Starts a card payment for an amount of credits: the provider’s client secret and its id.',
  auth: CUSTOMER_ROLE_IDS,
  body: cardCreateBody,
  reply: cardCreateReply,
});
export const cardGetStatus = defineContract({
  service: 'Payment',
  method: 'GetStatus',
  summary: "One of the caller's card payments: pending, succeeded or failed.",
  auth: 'user',
  body: cardStatusBody,
  reply: cardStatusReply,
});
export const cardLocalConfirm = defineContract({
  service: 'Payment',
  method: 'LocalConfirm',
  summary: 'Pays a card payment with a test card (only where the local card provider runs).',
  auth: CUSTOMER_ROLE_IDS,
  body: localCardBody,
  reply: localCardReply,
});

// ---- StakeStmtWs ----

export const stakeStmtRow = z.strictObject({
  StmtId8: z.number().int(),
  StmtTypeCd8: z.enum(STMT_TYPES),
  UsrId8: z.number().int(),
  StmtMonth8: z.string(),
  StmtLabel8: z.string(),
  StmtFileName8: z.string(),
  Summary8: z.record(z.string(), z.unknown()),
}) satisfies z.ZodType<StakeStmtRow>;
const downloadLink = z.strictObject({ url: z.string(), inline: z.boolean() });

export const getStakeStmtList = defineContract({
  service: 'StakeStmt',
  method: 'GetStakeStmt5List',
  summary: "The caller's statements of one kind, newest first.",
  auth: 'user',
  body: getStakeStmtListBody,
  reply: z.array(stakeStmtRow),
});
export const getDownloadLink = defineContract({
  service: 'StakeStmt',
  method: 'GetDownloadLink',
  summary: "A short-lived link to one statement's PDF.",
  auth: 'user',
  body: getDownloadLinkBody,
  reply: downloadLink,
});
export const getDocZipDownload = defineContract({
  service: 'StakeStmt',
  method: 'GetDocZipDownload',
  summary: 'A short-lived link to a zip of several statements.',
  auth: 'user',
  body: getDocZipDownloadBody,
  reply: downloadLink,
});

// ---- StakeChargeWs ----

/** GetCreditBalance's reply: credits as decimal strings with 2 places. */
export const creditBalanceReply = z.strictObject({
  UsrId: z.number().int(),
  Balance: decimalText,
  TopUpsThisMonth: decimalText,
  ChargesThisMonth: decimalText,
  /** Validators that cost the daily charge (active or exiting). */
  Validators: z.number().int(),
});
export type CreditBalanceReply = z.output<typeof creditBalanceReply>;

export const getCreditBalance = defineContract({
  service: 'StakeCharge',
  method: 'GetCreditBalance',
  summary: "A customer's credit balance, this month's top-ups and charges, and the validators charged.",
  auth: STAFF_ROLE_IDS,
  body: z.object({ usrId: z.coerce.number().int().positive().max(PG_INT_MAX) }).loose(),
  reply: creditBalanceReply,
  example: { body: { usrId: 1 } },
});
