// Liquid staking's validator pool (migration 0260, server/src/liquid): payd's pool validator keys,
// their exits and settlements, the reward reports per period and the pool job's lease.
import { bigint, char, integer, numeric, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';

/** An amount in wei. */
const wei = (name: string) => numeric(name, { precision: 78, scale: 0 });

/** The pool's one mnemonic (row 1), AES-256-GCM under DATA_KEY (liquid/poolKeyVault.ts). */
export const poolKey = pgTable('pool_key', {
  poolKeyId: integer('pool_key_id').primaryKey(),
  mnemonicEnc: text('mnemonic_enc').notNull(),
  createdOn: ts('created_on').notNull().defaultNow(),
});

/** One validator key of the pool mnemonic; status G generated, A added, S staked, X exiting, E exited, R removed. */
export const poolValidator = pgTable('pool_validator', {
  poolValidatorId: serial('pool_validator_id').primaryKey(),
  keyIdx: integer('key_idx').notNull().unique(),
  pubKey: text('pub_key').notNull().unique(),
  depositJson: text('deposit_json').notNull(),
  /** The ValidatorPool contract's id (from 1). */
  poolValidatorNo: bigint('pool_validator_no', { mode: 'bigint' }).unique(),
  statusCd: char('status_cd', { length: 1, enum: ['G', 'A', 'S', 'X', 'E', 'R'] })
    .notNull()
    .default('G'),
  beaconIndex: bigint('beacon_index', { mode: 'bigint' }),
  beaconStatus: text('beacon_status'),
  addedOn: ts('added_on'),
  stakedOn: ts('staked_on'),
  exitRequestedOn: ts('exit_requested_on'),
  exitPostedOn: ts('exit_posted_on'),
  exitError: text('exit_error'),
  settledOn: ts('settled_on'),
  createdOn: ts('created_on').notNull().defaultNow(),
  modifiedOn: ts('modified_on').notNull().defaultNow(),
});
export type PoolValidatorRow = typeof poolValidator.$inferSelect;

/** One reward report per on-chain period; status P being sent, D done, F failed. */
export const poolRewardReport = pgTable('pool_reward_report', {
  period: bigint('period', { mode: 'bigint' }).primaryKey(),
  stakingRewards: wei('staking_rewards').notNull(),
  miningRewards: wei('mining_rewards').notNull(),
  statusCd: char('status_cd', { length: 1, enum: ['P', 'D', 'F'] })
    .notNull()
    .default('P'),
  txHash: text('tx_hash'),
  error: text('error'),
  claimedOn: ts('claimed_on').notNull().defaultNow(),
  reportedOn: ts('reported_on'),
});

/** The pool job's lease: one runner at a time. */
export const poolJobLease = pgTable('pool_job_lease', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresOn: ts('expires_on').notNull(),
});
