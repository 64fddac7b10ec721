// Drizzle table definitions matching migrations/*.sql (the SQL files are the source of truth).
import { bigint, boolean, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

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

export const sessions = pgTable('sessions', {
  id: text('id').primaryKey(),
  usrId: integer('usr_id').notNull(),
  method: text('method').notNull(),
  /** The OAuth client the session's tokens were issued to (refresh works for it only). */
  clientId: text('client_id').notNull().default('payd-web'),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  revokedAt: ts('revoked_at'),
});

export const refreshTokens = pgTable('refresh_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  sessionId: text('session_id').notNull(),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});

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

/** Failed sign-ins of one account name (auth/throttle.ts). */
export const loginFailures = pgTable('login_failures', {
  accountKey: text('account_key').primaryKey(),
  failures: integer('failures').notNull(),
  firstAt: ts('first_at').notNull(),
  lastAt: ts('last_at').notNull(),
});

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

export const usedTokens = pgTable('used_tokens', {
  id: text('id').primaryKey(),
  kind: text('kind').notNull(),
  expiresAt: ts('expires_at').notNull(),
});

export const counters = pgTable('counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: ts('window_start').notNull(),
});

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

export const wallets = pgTable('wallets', {
  address: text('address').primaryKey(),
  usrId: integer('usr_id').notNull(),
  createdAt: ts('created_at').notNull(),
});

export const mails = pgTable('mails', {
  id: serial('id').primaryKey(),
  mailFrom: text('mail_from').notNull(),
  mailTo: text('mail_to').notNull(),
  subject: text('subject').notNull(),
  textBody: text('text_body').notNull(),
  htmlBody: text('html_body').notNull().default(''),
  receivedAt: ts('received_at').notNull(),
});

export const systems = pgTable('systems', {
  systemId: integer('system_id').primaryKey(),
  systemName: text('system_name').notNull(),
  systemAbbr: text('system_abbr').notNull(),
  active: boolean('active').notNull().default(true),
});

export const cultures = pgTable('cultures', {
  cultureId: integer('culture_id').primaryKey(),
  langCode: text('lang_code').notNull(),
  cultureName: text('culture_name').notNull(),
});

export const menus = pgTable('menus', {
  menuId: integer('menu_id').primaryKey(),
  parentId: integer('parent_id'),
  systemId: integer('system_id').notNull(),
  label: text('label').notNull(),
  path: text('path').notNull(),
  icon: text('icon').notNull().default(''),
  sort: integer('sort').notNull(),
  quick: boolean('quick').notNull().default(false),
  roles: text('roles').notNull().default(''),
});

export const serverIdentity = pgTable('server_identity', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
