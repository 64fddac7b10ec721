// Customer alerts (migration 0310, server/src/alerts): conditions, alerts and preferences (each alert written once).
import {
  bigint,
  bigserial,
  boolean,
  date,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';

/** One condition of a customer; `occurrence` counts the times it began. */
export const alertCondition = pgTable(
  'alert_condition',
  {
    usrId: integer('usr_id').notNull(),
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    occurrence: integer('occurrence').notNull().default(1),
    active: boolean('active').notNull(),
    changedOn: ts('changed_on').notNull(),
  },
  (t) => [primaryKey({ columns: [t.usrId, t.kind, t.subject] })],
);

/** An alert, once per (usr_id, kind, subject, occurrence). */
export const alert = pgTable(
  'alert',
  {
    alertId: bigserial('alert_id', { mode: 'number' }).primaryKey(),
    usrId: integer('usr_id').notNull(),
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    occurrence: text('occurrence').notNull(),
    facts: jsonb('facts').notNull(),
    createdOn: ts('created_on').notNull(),
    inApp: boolean('in_app').notNull(),
    readOn: ts('read_on'),
    emailState: text('email_state', { enum: ['pending', 'digest', 'sent', 'off'] }).notNull(),
    emailedOn: ts('emailed_on'),
  },
  (t) => [unique().on(t.usrId, t.kind, t.subject, t.occurrence)],
);

/** A customer's alert preferences (@payd/schemas alertPreferencesSchema). */
export const alertPreference = pgTable('alert_preference', {
  usrId: integer('usr_id').primaryKey(),
  prefs: jsonb('prefs').notNull(),
  digestDay: date('digest_day'),
  modifiedOn: ts('modified_on').notNull(),
});

/** How far the alert job has scanned a deployment's logs (migration 0375, alerts/chainScan.ts). */
export const alertChainScan = pgTable('alert_chain_scan', {
  scan: text('scan').primaryKey(),
  block: bigint('block', { mode: 'bigint' }).notNull(),
  changedOn: ts('changed_on').notNull(),
});

/** A customer's EIP-7002 / EIP-7251 request read from a predeploy's log, until the beacon chain decides it. */
export const alertExecutionRequest = pgTable(
  'alert_execution_request',
  {
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    usrId: integer('usr_id').notNull(),
    operation: text('operation').notNull(),
    sourceAddress: text('source_address').notNull(),
    pubkey: text('pubkey').notNull(),
    targetPubkey: text('target_pubkey'),
    amountGwei: bigint('amount_gwei', { mode: 'bigint' }).notNull(),
    blockNumber: bigint('block_number', { mode: 'bigint' }).notNull(),
    blockTime: ts('block_time').notNull(),
    handedOverTime: ts('handed_over_time'),
    outcome: text('outcome').notNull().default('pending'),
    decidedOn: ts('decided_on'),
  },
  (t) => [primaryKey({ columns: [t.txHash, t.logIndex, t.usrId] })],
);
