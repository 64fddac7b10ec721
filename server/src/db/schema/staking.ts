// Validator staking (migrations 0201-0240): customers' Eth2 wallets and validators, the
// transaction history the beacon sync writes with its daily summary, wallet registration.
import {
  bigint,
  bigserial,
  date,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';

/** An amount of ETH, exact to the wei. */
const eth = (name: string) => numeric(name, { precision: 38, scale: 18 });

export const eth2Wallet = pgTable('eth2_wallet', {
  eth2WalletId: serial('eth2_wallet_id').primaryKey(),
  usrId: integer('usr_id').notNull(),
  networkId: text('network_id').notNull(),
  eth1WithdrawalAddr: text('eth1_withdrawal_addr').notNull(),
  startIdx: integer('start_idx').notNull().default(0),
  validatorCnt: integer('validator_cnt').notNull().default(0),
  remark: text('remark'),
  unlocked: text('unlocked', { enum: ['Y', 'N'] })
    .notNull()
    .default('N'),
  depositJsonFile: text('deposit_json_file'),
  /** The recovery words, AES-256-GCM under a key derived from DATA_KEY. */
  mnemonicEnc: text('mnemonic_enc'),
  inputBy: integer('input_by'),
  inputOn: ts('input_on'),
  modifiedBy: integer('modified_by'),
  modifiedOn: ts('modified_on'),
  rowVersion: integer('row_version').notNull().default(1),
  /** The beacon chain's time at the wallet's last SyncValidators (head slot start). */
  beaconHeadUtc: ts('beacon_head_utc'),
});
export type Eth2WalletRow = typeof eth2Wallet.$inferSelect;

export const eth2Validator = pgTable(
  'eth2_validator',
  {
    eth2ValidatorId: serial('eth2_validator_id').primaryKey(),
    eth2WalletId: integer('eth2_wallet_id').notNull(),
    usrId: integer('usr_id').notNull(),
    idx: integer('idx').notNull(),
    validatorStatusCd: text('validator_status_cd'),
    balance: numeric('balance', { precision: 38, scale: 9 }),
    validatorJson: text('validator_json'),
    depositJson: text('deposit_json'),
    createdOnUtc: ts('created_on_utc'),
    statusTimeStampUtc: ts('status_time_stamp_utc'),
    jsonFileName: text('json_file_name'),
    pubKey: text('pub_key').notNull().unique(),
    remark: text('remark'),
    validatorIndex: bigint('validator_index', { mode: 'number' }),
    activationEpoch: bigint('activation_epoch', { mode: 'number' }),
    activationUtc: ts('activation_utc'),
    exitEpoch: bigint('exit_epoch', { mode: 'number' }),
    exitUtc: ts('exit_utc'),
    /**
     * Where the validator's execution-layer rewards (fees, MEV) are paid: the customer's withdrawal
     * address, as payd configures its validator client (migration 0271); lower case.
     */
    feeRecipient: text('fee_recipient'),
    /** Rewards are in the history up to (not including) this epoch. */
    rewardsSyncedEpoch: bigint('rewards_synced_epoch', { mode: 'number' }),
    /** No charge from this UTC day on: the termination's day, set when the customer comes back. */
    chargesEndDay: date('charges_end_day'),
    inputBy: integer('input_by'),
    inputOn: ts('input_on'),
    /** '0x01' or '0x02': the credentials its deposit data was signed for (migration 0270). */
    withdrawalKind: text('withdrawal_kind').notNull().default('0x01'),
    /** The amount of its deposit data, in gwei (1 to 2048 ETH). */
    depositGwei: bigint('deposit_gwei', { mode: 'number' }).notNull().default(32_000_000_000),
    /** The effective balance at the last sync, in gwei (migration 0295); null before the beacon chain has it. */
    effectiveGwei: bigint('effective_gwei', { mode: 'number' }),
    /** The kind of its withdrawal credentials on the beacon chain; null before it is there. */
    chainKind: text('chain_kind'),
    /** When the sync first saw the beacon chain's `slashed` flag set (its head's time); null: not slashed (migration 0370). */
    slashedUtc: ts('slashed_utc'),
    /** When the sync first saw it in the beacon chain's registry (its head's time); null: not there yet (migration 0376). */
    registeredUtc: ts('registered_utc'),
    /** When the sync first saw a deposit of it dropped by the beacon chain (its head's time); null: none (migration 0377). */
    depositDroppedUtc: ts('deposit_dropped_utc'),
  },
  (t) => [unique().on(t.eth2WalletId, t.idx)],
);
export type Eth2ValidatorRow = typeof eth2Validator.$inferSelect;

/** A top-up of a validator (migration 0285): signed, pending once sent, credited once the balance holds it. */
export const validatorTopUp = pgTable('validator_top_up', {
  topUpId: serial('top_up_id').primaryKey(),
  eth2ValidatorId: integer('eth2_validator_id').notNull(),
  usrId: integer('usr_id').notNull(),
  amountGwei: bigint('amount_gwei', { mode: 'bigint' }).notNull(),
  /** The beacon chain's balance of the validator when the top-up was signed. */
  balanceBeforeGwei: bigint('balance_before_gwei', { mode: 'bigint' }).notNull(),
  /** The signed deposit data (one staking-deposit-cli entry, JSON). */
  depositJson: text('deposit_json').notNull(),
  state: text('state', { enum: ['signed', 'pending', 'credited'] })
    .notNull()
    .default('signed'),
  txHash: text('tx_hash'),
  requestedUtc: ts('requested_utc').notNull(),
  sentUtc: ts('sent_utc'),
  creditedUtc: ts('credited_utc'),
});
/** A validator's effective balance from `since_utc` on (a sync saw it change then; migration 0295). */
export const eth2ValidatorEffective = pgTable(
  'eth2_validator_effective',
  {
    eth2ValidatorId: integer('eth2_validator_id').notNull(),
    sinceUtc: ts('since_utc').notNull(),
    effectiveGwei: bigint('effective_gwei', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.eth2ValidatorId, t.sinceUtc] })],
);

/** One row per event; (validator, kind, source_key) makes the sync idempotent. */
export const ethTxHistory = pgTable(
  'eth_tx_history',
  {
    txHistoryId: bigserial('tx_history_id', { mode: 'number' }).primaryKey(),
    eth2WalletId: integer('eth2_wallet_id').notNull(),
    eth2ValidatorId: integer('eth2_validator_id').notNull(),
    usrId: integer('usr_id').notNull(),
    txKind: text('tx_kind').notNull(),
    sourceKey: text('source_key').notNull(),
    stakeAmt: eth('stake_amt').notNull().default('0'),
    withdrawAmt: eth('withdraw_amt').notNull().default('0'),
    stakeRewardAmt: eth('stake_reward_amt').notNull().default('0'),
    miningRewardAmt: eth('mining_reward_amt').notNull().default('0'),
    mevRewardAmt: eth('mev_reward_amt').notNull().default('0'),
    timeStamp: ts('time_stamp').notNull(),
    blockNbr: bigint('block_nbr', { mode: 'number' }),
    epochNbr: bigint('epoch_nbr', { mode: 'number' }),
    slotNbr: bigint('slot_nbr', { mode: 'number' }),
    txHash: text('tx_hash'),
    txStatusCd: text('tx_status_cd'),
  },
  (t) => [unique().on(t.eth2ValidatorId, t.txKind, t.sourceKey)],
);
export type EthTxHistoryRow = typeof ethTxHistory.$inferSelect;

/** Per-wallet per-UTC-day sums of eth_tx_history, kept by a trigger on it (migration 0210). */
export const ethTxDaily = pgTable(
  'eth_tx_daily',
  {
    eth2WalletId: integer('eth2_wallet_id').notNull(),
    day: date('day').notNull(),
    stakeAmt: eth('stake_amt').notNull().default('0'),
    withdrawAmt: eth('withdraw_amt').notNull().default('0'),
    stakeRewardAmt: eth('stake_reward_amt').notNull().default('0'),
    miningRewardAmt: eth('mining_reward_amt').notNull().default('0'),
    mevRewardAmt: eth('mev_reward_amt').notNull().default('0'),
    txCount: integer('tx_count').notNull().default(0),
    /** Earliest deposit of the day, for the LTD annualisation. */
    firstDepositAt: ts('first_deposit_at'),
  },
  (t) => [primaryKey({ columns: [t.eth2WalletId, t.day] })],
);
export type EthTxDailyRow = typeof ethTxDaily.$inferSelect;

/** Who saw a wallet's recovery words, and when. */
export const mnemonicReveal = pgTable('mnemonic_reveal', {
  revealId: bigserial('reveal_id', { mode: 'number' }).primaryKey(),
  eth2WalletId: integer('eth2_wallet_id').notNull(),
  usrId: integer('usr_id').notNull(),
  sessionId: text('session_id').notNull(),
  ip: text('ip'),
  revealedOn: ts('revealed_on').notNull(),
});
export type MnemonicRevealRow = typeof mnemonicReveal.$inferSelect;

export const stakeWalletAddress = pgTable('stake_wallet_address', {
  stakeWalletAddrId: serial('stake_wallet_addr_id').primaryKey(),
  usrId: integer('usr_id').notNull(),
  stakeWalletAddr: text('stake_wallet_addr').notNull(),
  stakeWalletStatusCd: text('stake_wallet_status_cd'),
  stakeWalletAddrDesc: text('stake_wallet_addr_desc'),
  kycMarkedOn: ts('kyc_marked_on'),
  inputBy: integer('input_by'),
  inputOn: ts('input_on'),
  modifiedBy: integer('modified_by'),
  modifiedOn: ts('modified_on'),
  rowVersion: integer('row_version').notNull().default(1),
  // The ownership proof the registration was accepted with (staking/registration.ts).
  /** The address as signed, lower case. */
  proofAddr: text('proof_addr'),
  proofUsrId: integer('proof_usr_id'),
  proofSignedAt: text('proof_signed_at'),
  proofSignature: text('proof_signature'),
  proofCheckedOn: ts('proof_checked_on'),
});
export type StakeWalletAddressRow = typeof stakeWalletAddress.$inferSelect;

export const stakeUserInfo = pgTable('stake_user_info', {
  stakeInfoId: serial('stake_info_id').primaryKey(),
  usrId: integer('usr_id').notNull().unique(),
  agentNumber: text('agent_number'),
  ipCountry: text('ip_country'),
  kycStatus: text('kyc_status'),
  inputBy: integer('input_by'),
  inputOn: ts('input_on'),
  modifiedBy: integer('modified_by'),
  modifiedOn: ts('modified_on'),
  rowVersion: integer('row_version').notNull().default(1),
});
export type StakeUserInfoRow = typeof stakeUserInfo.$inferSelect;
