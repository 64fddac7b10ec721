// Credits and statements (migrations 0230-0253): payments that buy credits, the daily charge per
// validator, the low-credit and termination state, and the monthly statements.
import { bigint, date, integer, jsonb, numeric, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import { bytea, ts } from './columns.ts';

/** An amount of credits (a top-up's credits are truncated to 2 decimals). */
const credits = (name: string) => numeric(name, { precision: 20, scale: 2 });

/**
 * One row per top-up. The type implies the currency: C card in USD, T in FTX, E in ETH; pmt_amt is
 * kept as paid (up to 18 decimals), credit_amt the credits it bought.
 */
export const stakePayment = pgTable('stake_payment', {
  pmtId: serial('pmt_id').primaryKey(),
  pmtTypeCd: text('pmt_type_cd', { enum: ['C', 'T', 'E'] }).notNull(),
  pmtAmt: numeric('pmt_amt').notNull(),
  creditAmt: credits('credit_amt').notNull(),
  /** P pending (provider asked, not confirmed), S successful, F failed. */
  pmtStatusCd: text('pmt_status_cd', { enum: ['P', 'S', 'F'] })
    .notNull()
    .default('P'),
  paidOn: ts('paid_on'),
  usrId: integer('usr_id').notNull(),
  stakeWalletAddrId: integer('stake_wallet_addr_id'),
  /** The card provider's reference (Stripe payment intent). */
  stripeRef: text('stripe_ref'),
  /** The transaction of an ETH or FTX payment. */
  txHash: text('tx_hash'),
  inputOn: ts('input_on').notNull().defaultNow(),
  modifiedOn: ts('modified_on'),
  rowVersion: integer('row_version').notNull().default(1),
});
export type StakePaymentRow = typeof stakePayment.$inferSelect;

/** One row per validator and UTC day charged, in credits (billing/charges/chargeRun.ts). */
export const stakeCharge = pgTable(
  'stake_charge',
  {
    chargeId: serial('charge_id').primaryKey(),
    usrId: integer('usr_id').notNull(),
    eth2ValidatorId: integer('eth2_validator_id').notNull(),
    chargeDay: date('charge_day').notNull(),
    creditAmt: credits('credit_amt').notNull(),
    chargedOn: ts('charged_on').notNull().defaultNow(),
    /** The effective balance of the day charged, in gwei (migration 0295; 32 ETH before it). */
    effectiveGwei: bigint('effective_gwei', { mode: 'number' }).notNull().default(32_000_000_000),
  },
  (t) => [unique().on(t.eth2ValidatorId, t.chargeDay)],
);
export type StakeChargeRow = typeof stakeCharge.$inferSelect;

/** A customer's low-credit warning and termination for unpaid fees (billing/charges/termination.ts). */
export const stakeCreditState = pgTable('stake_credit_state', {
  usrId: integer('usr_id').primaryKey(),
  warnedOn: ts('warned_on'),
  terminatedOn: ts('terminated_on'),
  modifiedOn: ts('modified_on').notNull().defaultNow(),
});
export type StakeCreditStateRow = typeof stakeCreditState.$inferSelect;

/** Monthly statements: R reward, A account; the PDF is made once and kept. */
export const stakeStmt = pgTable(
  'stake_stmt',
  {
    stmtId: serial('stmt_id').primaryKey(),
    stmtTypeCd: text('stmt_type_cd', { enum: ['R', 'A', 'C'] }).notNull(),
    usrId: integer('usr_id').notNull(),
    /** First day of the statement's month (UTC). */
    stmtMonth: date('stmt_month').notNull(),
    stmtDoc: bytea('stmt_doc').notNull(),
    /** The combined statement's (C) lines as CSV; null for R and A. */
    stmtCsv: bytea('stmt_csv'),
    stmtFileName: text('stmt_file_name').notNull(),
    /** The figures the PDF prints (exact decimals as text). */
    summary: jsonb('summary').notNull(),
    generatedOn: ts('generated_on').notNull(),
  },
  (t) => [unique().on(t.usrId, t.stmtTypeCd, t.stmtMonth)],
);
export type StakeStmtRow = typeof stakeStmt.$inferSelect;
