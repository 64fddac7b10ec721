// The bodies and replies of the staking calls beyond the screen framework (server/src/staking):
// Eth2WalletWs SyncValidators, WithdrawValidators, WithdrawValidator, DisplayMnemonic and the
// staking services' own SaveData; EthTxHistoryWs GetDailyHistory, GetRewardDetail and GetRewards;
// StakeWalletAddressWs GetWalletStatus and ComeBack; StakeUserInfoWs GetAgentNumber17List. The
// contracts (contracts.ts) are built from them; the types the web reads are their z.output.
import { z } from 'zod';
import { wireRowInput } from '../fields.ts';
import { wireRowReply } from '../framework/wireSchemas.ts';
import { walletAddressField } from './keyExport.ts';

// ---- bodies ------------------------------------------------------------------------------------

/** A call on the caller's wallet named by its withdrawal address. */
export const walletCallBody = z.object({ walletAddress: walletAddressField }).loose();

/** Eth2WalletWs SyncValidators (multiDepositAddress is accepted and not read). */
export const syncValidatorsBody = walletCallBody.extend({
  multiDepositAddress: walletAddressField.optional().nullable(),
});

/** Eth2WalletWs WithdrawValidators: exits the first N withdrawable validators of the wallet. */
export const withdrawValidatorsBody = walletCallBody.extend({
  numberOfValidators: z.coerce.number().int().min(1).max(10_000),
  reason: z.string().max(2000).optional().nullable(),
});

/** Eth2WalletWs WithdrawValidator: exits the named validator of the wallet. */
export const withdrawValidatorBody = walletCallBody.extend({
  pubkey: z.string().regex(/^(0x)?[0-9a-fA-F]{96}$/),
});

/** A staking service's own SaveData: the master record, detail rows and options as sent. */
export const stakingSaveBody = z
  .object({
    mst: wireRowInput,
    dtl: z.array(wireRowInput).max(1000).nullable().optional(),
    options: z.unknown().optional(),
  })
  .loose();
export type StakingSaveBody = z.output<typeof stakingSaveBody>;

/** History kinds that are grouped per validator per day (GetRewardDetail's kind). */
export const REWARD_KINDS = ['stake_reward', 'el_fees', 'el_mev'] as const;
export type RewardKind = (typeof REWARD_KINDS)[number];

/** EthTxHistoryWs GetDailyHistory: the newest `limit` rows of the wallet's transactions. */
export const getDailyHistoryBody = walletCallBody.extend({ limit: z.number().int().min(1).max(32767) });

/** EthTxHistoryWs GetRewardDetail: the entries one daily reward row stands for. */
export const getRewardDetailBody = walletCallBody.extend({
  validatorId: z.number().int().positive().max(2_147_483_647),
  day: z.iso.date(),
  kind: z.enum(REWARD_KINDS),
});

/** StakeUserInfoWs GetAgentNumber17List: the agents offered at registration matching `query`. */
export const getAgentListBody = z
  .object({
    query: z.string().max(200).optional(),
    topN: z.number().int().min(1).max(500).optional(),
  })
  .loose();

// ---- Eth2WalletWs replies ---------------------------------------------------------------------

/** A validator waiting for activation (SyncValidators' Queue). */
export const queueEntry = z.strictObject({
  PubKey: z.string(),
  /** 1-based place among the chain's pending deposits; null once its activation epoch is set. */
  Position: z.number().int().nullable(),
  QueueLength: z.number().int(),
  ActivationEpoch: z.string(),
  /** Whether the chain has set the activation epoch (else the time is an estimate). */
  Scheduled: z.boolean(),
  ActivationUtc: z.string(),
});
export type QueueEntry = z.output<typeof queueEntry>;

/** Where an exit stands: leaving, left (ETH waiting), ETH withdrawable (the sweep pays it next), ETH paid. */
export const EXIT_STATES = ['exiting', 'exited', 'withdrawable', 'withdrawn'] as const;
export type ExitState = (typeof EXIT_STATES)[number];

/** One validator's exit as SyncValidators answers it (`Exits`). */
export const exitEntry = z.strictObject({
  PubKey: z.string(),
  ValidatorIndex: z.string(),
  State: z.enum(EXIT_STATES),
  ExitEpoch: z.string(),
  ExitUtc: z.string(),
  WithdrawableEpoch: z.string().nullable(),
  WithdrawableUtc: z.string().nullable(),
  /** When the sweep is expected to pay the ETH to the withdrawal address; null once paid or unknown. */
  EthExpectedUtc: z.string().nullable(),
});
export type ExitEntry = z.output<typeof exitEntry>;

/** SyncValidators: the wallet's validators in step with the beacon node. Without validators only
 * Validators, NewHistory and BeaconTimeUtc (null) are sent. */
export const syncReply = z.strictObject({
  Validators: z.number().int(),
  /** How many of them the beacon chain knows. */
  OnBeaconChain: z.number().int().optional(),
  /** History rows this sync wrote. */
  NewHistory: z.number().int(),
  /** The chain's time (head slot start): the screens measure uptime and the 2-day rule by it. */
  BeaconTimeUtc: z.string().nullable(),
  Queue: z.array(queueEntry).optional(),
  /** Validators the beacon chain has scheduled to exit: where each stands, when its ETH is expected. */
  Exits: z.array(exitEntry).optional(),
});
export type SyncReply = z.output<typeof syncReply>;

/** WithdrawValidators / WithdrawValidator: the public keys whose exits were submitted. */
export const withdrawReply = z.strictObject({ Exited: z.array(z.string()) });
export type WithdrawReply = z.output<typeof withdrawReply>;

/** DisplayMnemonic: the wallet's 24 recovery words. */
export const displayMnemonicReply = z.strictObject({
  mst: z.strictObject({ Eth2WalletId6: z.number().int(), Mnemonic: z.string() }),
});
export type DisplayMnemonicReply = z.output<typeof displayMnemonicReply>;

/** A staking service's SaveData: the record as saved. */
export const savedRecordReply = z.strictObject({ mst: wireRowReply });

// ---- EthTxHistoryWs replies -------------------------------------------------------------------

/** One row of the dashboard's transactions (the EthTxHistory22 names, plus the validator and the
 * group): amounts exact decimal text, the chain's numbers (block, epoch, slot, index) as text. */
export const txHistoryRow = z.strictObject({
  TxHistoryId22: z.string(),
  Eth2ValidatorId22: z.number().int(),
  ValidatorIndex: z.string().nullable(),
  PubKey: z.string().nullable(),
  Idx: z.number().int().nullable(),
  Kind: z.string(),
  /** UTC day (YYYY-MM-DD) of a reward group; null for a single row. */
  Day: z.string().nullable(),
  /** How many history rows the row stands for (1 unless it is a group). */
  Entries: z.number().int(),
  FirstEpoch: z.string().nullable(),
  LastEpoch: z.string().nullable(),
  StakeAmt22: z.string(),
  WithdrawAmt22: z.string(),
  StakeRewardAmt22: z.string(),
  MiningRewardAmt22: z.string(),
  MEVRewardAmt22: z.string(),
  TimeStamp22: z.string(),
  BlockNbr22: z.string().nullable(),
  EpochNbr22: z.string().nullable(),
  SlotNbr22: z.string().nullable(),
  TxHash22: z.string().nullable(),
  TxStatusCd22: z.string().nullable(),
  /** 'Successful', 'Failed' or ''. */
  TxStatusCd22Text: z.string(),
});
export type TxHistoryRow = z.output<typeof txHistoryRow>;

/** GetDailyHistory / GetRewardDetail: rows newest first. */
export const txHistoryReply = z.strictObject({ Rows: z.array(txHistoryRow) });
export type TxHistoryReply = z.output<typeof txHistoryReply>;

/** GetRewards' periods, as the prefix of each figure ('': since the first reward). */
export const REWARD_PERIOD_PREFIXES = ['Daily_', 'Weekly_', 'Monthly_', ''] as const;
/** GetRewards' figures per period: the three kinds and their total. */
export const REWARD_NAMES = ['StakeReward', 'MEVReward', 'MiningReward', 'TotalReward'] as const;
type RewardPrefix = (typeof REWARD_PERIOD_PREFIXES)[number];
type RewardName = (typeof REWARD_NAMES)[number];
export type RewardField = `${RewardPrefix}${RewardName}${'Amt' | 'Pct'}` | `${RewardName}PctAnnualized`;

/** Every figure GetRewards answers: `{period}{name}Amt` (ETH) and `{period}{name}Pct` (percent of the
 * balance that earned it) for each period, and `{name}PctAnnualized` since the first reward; each a
 * decimal string with 18 places. */
export const REWARD_FIELDS: readonly RewardField[] = [
  ...REWARD_PERIOD_PREFIXES.flatMap((p) =>
    REWARD_NAMES.flatMap((n) => [`${p}${n}Amt`, `${p}${n}Pct`] as const),
  ),
  ...REWARD_NAMES.map((n) => `${n}PctAnnualized` as const),
];

export const rewardsRow = z.strictObject(
  Object.fromEntries(REWARD_FIELDS.map((f) => [f, z.string()])) as Record<RewardField, z.ZodString>,
);
export type RewardsRow = z.output<typeof rewardsRow>;

/** GetRewards: one record of the wallet's reward figures. */
export const rewardsReply = z.strictObject({ Dtl: z.array(rewardsRow) });

// ---- StakeWalletAddressWs replies -------------------------------------------------------------

/** The connected wallet's registration for this account (ComeBack's reply). */
export const walletStatusReply = z.strictObject({
  /** 'A' approved, 'D' declined (account terminated), '' not registered. */
  StakeWalletStatusCd2: z.string(),
  StakeWalletStatusCd2Text: z.string(),
  /** 'Y' when another wallet is tied to this account: the user must switch to it. */
  SwitchWallet: z.enum(['Y', 'N']),
  /** The account's first registered wallet, if any. */
  RegisteredWalletAddr: z.string().nullable(),
});
export type WalletRegistrationStatus = z.output<typeof walletStatusReply>;

/** GetWalletStatus: the registration, and whether a termination was for unpaid charges. */
export const getWalletStatusReply = walletStatusReply.extend({
  /** 'Y': declined for unpaid charges, so the customer may come back (issue 24); 'N' otherwise. */
  TerminatedForCredits: z.enum(['Y', 'N']),
});
export type WalletStatus = z.output<typeof getWalletStatusReply>;
