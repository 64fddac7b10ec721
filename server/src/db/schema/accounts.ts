// Accounts and access (migrations 0001-0006): users, e-mailed codes, sessions and tokens,
// challenges, passkeys, wallets, and the counters behind rate limits and failed sign-ins.
import { bigint, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';

export const users = pgTable('users', {
  usrId: serial('usr_id').primaryKey(),
  usrName: text('usr_name').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  role: integer('role').notNull().default(1),
  companyId: integer('company_id').notNull().default(1),
  projectId: integer('project_id').notNull().default(1),
  cultureId: integer('culture_id').notNull().default(1),
  refCode: text('ref_code').notNull().default(''),
  createdAt: ts('created_at').notNull(),
  passwordChangedAt: ts('password_changed_at').notNull(),
});
export type UserRow = typeof users.$inferSelect;

export const emailCodes = pgTable('email_codes', {
  id: text('id').primaryKey(),
  purpose: text('purpose').notNull(),
  email: text('email').notNull(),
  usrId: integer('usr_id'),
  ticketLeft: text('ticket_left').notNull(),
  codeHash: text('code_hash').notNull(),
  linkHash: text('link_hash'),
  attempts: integer('attempts').notNull().default(0),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});
export type EmailCodeRow = typeof emailCodes.$inferSelect;

export const sessions = pgTable('sessions', {
  id: text('id').primaryKey(),
  usrId: integer('usr_id').notNull(),
  method: text('method').notNull(),
  /** The OAuth client the session's tokens were issued to (refresh works for it only). */
  clientId: text('client_id').notNull().default('payd-web'),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  revokedAt: ts('revoked_at'),
  /** The last time the person confirmed who they are in this session (auth/recentSignIn.ts). */
  provenAt: ts('proven_at'),
});
export type SessionRow = typeof sessions.$inferSelect;

export const refreshTokens = pgTable('refresh_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  sessionId: text('session_id').notNull(),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

export const authCodes = pgTable('auth_codes', {
  codeHash: text('code_hash').primaryKey(),
  usrId: integer('usr_id').notNull(),
  clientId: text('client_id').notNull(),
  codeChallenge: text('code_challenge').notNull(),
  codeChallengeMethod: text('code_challenge_method').notNull(),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  /** The session the code's exchange made (revoked when the code is presented again). */
  sessionId: text('session_id'),
});
export type AuthCodeRow = typeof authCodes.$inferSelect;

/** Failed sign-ins of one account name (auth/throttle.ts). */
export const loginFailures = pgTable('login_failures', {
  accountKey: text('account_key').primaryKey(),
  failures: integer('failures').notNull(),
  firstAt: ts('first_at').notNull(),
  lastAt: ts('last_at').notNull(),
});
export type LoginFailureRow = typeof loginFailures.$inferSelect;

export const authChallenges = pgTable('auth_challenges', {
  id: text('id').primaryKey(),
  kind: text('kind').notNull(),
  usrId: integer('usr_id'),
  address: text('address'),
  origin: text('origin').notNull(),
  payloadHash: text('payload_hash').notNull().default(''),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});
export type AuthChallengeRow = typeof authChallenges.$inferSelect;

export const usedTokens = pgTable('used_tokens', {
  id: text('id').primaryKey(),
  kind: text('kind').notNull(),
  expiresAt: ts('expires_at').notNull(),
});
export type UsedTokenRow = typeof usedTokens.$inferSelect;

export const counters = pgTable('counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: ts('window_start').notNull(),
});
export type CounterRow = typeof counters.$inferSelect;

/** Per-IP request limits shared by every server instance (protocol/rateLimitStore.ts). */
export const rateLimit = pgTable('rate_limit', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: ts('window_start').notNull(),
  expiresAt: ts('expires_at').notNull(),
});
export type RateLimitRow = typeof rateLimit.$inferSelect;

export const webauthnCredentials = pgTable('webauthn_credentials', {
  id: text('id').primaryKey(),
  usrId: integer('usr_id').notNull(),
  publicKey: text('public_key').notNull(),
  counter: bigint('counter', { mode: 'number' }).notNull().default(0),
  transports: text('transports').notNull().default(''),
  createdAt: ts('created_at').notNull(),
  /** The person's name for it (security page); 'Passkey n' until renamed. */
  name: text('name').notNull().default(''),
  /** The last sign-in or confirmation made with it. */
  lastUsedAt: ts('last_used_at'),
});
export type WebauthnCredentialRow = typeof webauthnCredentials.$inferSelect;

export const wallets = pgTable('wallets', {
  address: text('address').primaryKey(),
  usrId: integer('usr_id').notNull(),
  createdAt: ts('created_at').notNull(),
});
export type WalletRow = typeof wallets.$inferSelect;
