// Drizzle definitions of every table migrations/*.sql create (the SQL files are the source of
// truth; schema.test.ts fails when the two disagree), one file per feature under schema/.
export * from './schema/accounts.ts';
export * from './schema/mail.ts';
export * from './schema/framework.ts';
export * from './schema/kyc.ts';
export * from './schema/staking.ts';
export * from './schema/billing.ts';
export * from './schema/liquid.ts';
export * from './schema/alerts.ts';
