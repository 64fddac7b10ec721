// The contracts of the staking methods (contract/contract.ts): body, reply and caller of each.
// The web calls them through staking/methods.ts; the server implements them in server/src/staking
// (StakeAgent SaveData: server/src/backoffice/stakeAgents.ts).
import { z } from 'zod';
import { defineContract } from '../contract/contract.ts';
import { wireRowInput } from '../fields.ts';
import { choice } from '../framework/wireSchemas.ts';
import { comeBackBody } from './comeBack.ts';
import { getDepositDataBody, getDepositDataReply, getKeystoreBody, getKeystoreReply } from './keyExport.ts';
import { getPendingOperationsBody, getPendingOperationsReply } from './pendingOperations.ts';
import { prepareDepositsBody, prepareDepositsReply } from './prepareDeposits.ts';
import { rewardChartBody, rewardChartReply } from './rewardChart.ts';
import { checkValidatorRequestBody, checkValidatorRequestReply } from './validatorRequests.ts';
import {
  getTopUpsBody,
  getTopUpsReply,
  topUpRow,
  topUpSentBody,
  topUpValidatorBody,
  topUpValidatorReply,
} from './validatorTopUp.ts';
import {
  displayMnemonicReply,
  getAgentListBody,
  getDailyHistoryBody,
  getRewardDetailBody,
  getWalletStatusReply,
  rewardsReply,
  savedRecordReply,
  stakingSaveBody,
  syncReply,
  syncValidatorsBody,
  txHistoryReply,
  walletCallBody,
  walletStatusReply,
  withdrawReply,
  withdrawValidatorBody,
  withdrawValidatorsBody,
} from './walletCalls.ts';

const WALLET = '0x0000000000000000000000000000000000000001';
const PUBKEY = `0x${'a1'.repeat(48)}`;

// ---- Eth2WalletWs ----

export const eth2WalletSaveData = defineContract({
  service: 'Eth2Wallet',
  method: 'SaveData',
  summary:
    "Saves one of the caller's wallets; with options CreateValidator 'Y' it also creates its missing validators.",
  auth: 'user',
  body: stakingSaveBody,
  reply: savedRecordReply,
  example: {
    body: { mst: { Eth2WalletId6: '', Eth1WithdrawalAddr6: WALLET, NetworkId6: 1 }, dtl: null, options: {} },
  },
});
export const prepareDeposits = defineContract({
  service: 'Eth2Wallet',
  method: 'PrepareDeposits',
  summary: 'N validators of the wallet waiting for their deposit, with their deposit data (made as needed).',
  auth: 'user',
  body: prepareDepositsBody,
  reply: prepareDepositsReply,
  example: {
    body: { walletAddress: WALLET, networkId: 1, numberOfValidators: 1, kind: '0x02', amountEth: 32 },
  },
});
export const syncValidators = defineContract({
  service: 'Eth2Wallet',
  method: 'SyncValidators',
  summary:
    "Brings the wallet's validators in step with the beacon node: statuses, deposits, rewards, queue, exits.",
  auth: 'user',
  body: syncValidatorsBody,
  reply: syncReply,
  example: { body: { walletAddress: WALLET } },
});
export const getPendingOperations = defineContract({
  service: 'Eth2Wallet',
  method: 'GetPendingOperations',
  summary:
    "The pending operations of the wallet's validators (one with pubkey), each with its expected date.",
  auth: 'user',
  body: getPendingOperationsBody,
  reply: getPendingOperationsReply,
  example: { body: { walletAddress: WALLET } },
});
export const withdrawValidators = defineContract({
  service: 'Eth2Wallet',
  method: 'WithdrawValidators',
  summary: "Exits the wallet's N longest-active withdrawable validators (signed by payd).",
  auth: 'user',
  body: withdrawValidatorsBody,
  reply: withdrawReply,
  example: { body: { walletAddress: WALLET, numberOfValidators: 1, reason: 'Stopping' } },
});
export const withdrawValidator = defineContract({
  service: 'Eth2Wallet',
  method: 'WithdrawValidator',
  summary: 'Exits one validator of the wallet (signed by payd with its key).',
  auth: 'user',
  body: withdrawValidatorBody,
  reply: withdrawReply,
  example: { body: { walletAddress: WALLET, pubkey: PUBKEY } },
});
export const displayMnemonic = defineContract({
  service: 'Eth2Wallet',
  method: 'DisplayMnemonic',
  summary: "The wallet's 24 recovery words, after a proven sign-in within 5 minutes.",
  auth: 'user',
  body: walletCallBody,
  reply: displayMnemonicReply,
  example: { body: { walletAddress: WALLET } },
});
export const getDepositData = defineContract({
  service: 'Eth2Wallet',
  method: 'GetDepositData',
  summary: 'The deposit data file of one validator of the wallet, or of all of them.',
  auth: 'user',
  body: getDepositDataBody,
  reply: getDepositDataReply,
  example: { body: { walletAddress: WALLET, pubkey: PUBKEY } },
});
export const getKeystore = defineContract({
  service: 'Eth2Wallet',
  method: 'GetKeystore',
  summary: "One validator's EIP-2335 keystore under a password the caller chooses (after a fresh sign-in).",
  auth: 'user',
  body: getKeystoreBody,
  reply: getKeystoreReply,
  example: {
    body: {
      walletAddress: WALLET,
      pubkey: PUBKEY,
      KeystorePassword: 'correct horse',
      ConfirmKeystorePassword: 'correct horse',
    },
  },
});
export const checkValidatorRequest = defineContract({
  service: 'Eth2Wallet',
  method: 'CheckValidatorRequest',
  summary: 'Whether the beacon chain would act on an exit, withdrawal, consolidation or upgrade request.',
  auth: 'user',
  body: checkValidatorRequestBody,
  reply: checkValidatorRequestReply,
  example: { body: { walletAddress: WALLET, kind: 'exit', pubkey: PUBKEY } },
});
export const topUpValidator = defineContract({
  service: 'Eth2Wallet',
  method: 'TopUpValidator',
  summary: "The signed deposit data of a top-up of one of the caller's active 0x02 validators.",
  auth: 'user',
  body: topUpValidatorBody,
  reply: topUpValidatorReply,
  example: { body: { walletAddress: WALLET, pubkey: PUBKEY, amountEth: 1 } },
});
export const topUpSent = defineContract({
  service: 'Eth2Wallet',
  method: 'TopUpSent',
  summary: "Records the wallet's transaction of a top-up: it is pending until the beacon chain credits it.",
  auth: 'user',
  body: topUpSentBody,
  reply: topUpRow,
  example: { body: { topUpId: 1, txHash: `0x${'0'.repeat(64)}` } },
});
export const getTopUps = defineContract({
  service: 'Eth2Wallet',
  method: 'GetTopUps',
  summary: "The top-ups of the caller's wallet, newest first.",
  auth: 'user',
  body: getTopUpsBody,
  reply: getTopUpsReply,
  example: { body: { walletAddress: WALLET } },
});

// ---- EthTxHistoryWs ----

export const getRewardChart = defineContract({
  service: 'EthTxHistory',
  method: 'GetRewardChart',
  summary: "The caller's daily rewards of one wallet over the last days (consensus, fees, MEV).",
  auth: 'user',
  body: rewardChartBody,
  reply: rewardChartReply,
  example: { body: { walletAddress: WALLET, days: 30 } },
});
export const getRewards = defineContract({
  service: 'EthTxHistory',
  method: 'GetRewards',
  summary: "The wallet's rewards of the last day, week, month and in all, in ETH and percent.",
  auth: 'user',
  body: walletCallBody,
  reply: rewardsReply,
  example: { body: { walletAddress: WALLET } },
});
export const getDailyHistory = defineContract({
  service: 'EthTxHistory',
  method: 'GetDailyHistory',
  summary: "The wallet's newest transactions: deposits, withdrawals and rewards per validator a day.",
  auth: 'user',
  body: getDailyHistoryBody,
  reply: txHistoryReply,
  example: { body: { walletAddress: WALLET, limit: 50 } },
});
export const getRewardDetail = defineContract({
  service: 'EthTxHistory',
  method: 'GetRewardDetail',
  summary: 'The entries one daily reward row of GetDailyHistory stands for.',
  auth: 'user',
  body: getRewardDetailBody,
  reply: txHistoryReply,
  example: { body: { walletAddress: WALLET, validatorId: 1, day: '2026-11-27', kind: 'stake_reward' } },
});

// ---- StakeWalletAddressWs ----

export const stakeWalletAddressSaveData = defineContract({
  service: 'StakeWalletAddress',
  method: 'SaveData',
  summary: "Registers the caller's wallet (with its signed proof) or updates the registration.",
  auth: 'user',
  body: stakingSaveBody,
  reply: savedRecordReply,
  example: {
    body: {
      mst: { StakeWalletAddr2: WALLET },
      dtl: null,
      options: { WalletSignedAt: '2026-11-28T10:00:00.000Z', WalletSignature: `0x${'0'.repeat(130)}` },
    },
  },
});
export const getWalletStatus = defineContract({
  service: 'StakeWalletAddress',
  method: 'GetWalletStatus',
  summary: "The connected wallet's registration for the caller's account (approved, declined, none).",
  auth: 'user',
  body: walletCallBody,
  reply: getWalletStatusReply,
  example: { body: { walletAddress: WALLET } },
});
export const comeBack = defineContract({
  service: 'StakeWalletAddress',
  method: 'ComeBack',
  summary: 'A terminated customer registers the wallet again once every validator has exited.',
  auth: 'user',
  body: comeBackBody,
  reply: walletStatusReply,
  example: {
    body: {
      walletAddress: WALLET,
      WalletSignedAt: '2026-11-28T10:00:00.000Z',
      WalletSignature: `0x${'0'.repeat(130)}`,
    },
  },
});

// ---- StakeUserInfoWs ----

export const getAgentList = defineContract({
  service: 'StakeUserInfo',
  method: 'GetAgentNumber17List',
  summary: 'The agents a customer may name at wallet registration, matching a query.',
  auth: 'user',
  body: getAgentListBody,
  reply: z.array(choice),
  example: { body: { query: '', topN: 50 } },
});
export const stakeUserInfoSaveData = defineContract({
  service: 'StakeUserInfo',
  method: 'SaveData',
  summary: "Saves the caller's staking profile (its agent); a customer has one.",
  auth: 'user',
  body: stakingSaveBody,
  reply: savedRecordReply,
  example: { body: { mst: { AgentNumber17: '' }, dtl: null, options: {} } },
});

// ---- StakeAgentWs ----

export const stakeAgentSaveData = defineContract({
  service: 'StakeAgent',
  method: 'SaveData',
  summary: 'Adds or updates an agent customers may name, its Agent ID unique (admins only).',
  auth: 'user',
  body: stakingSaveBody.extend({ dtl: z.array(wireRowInput).max(0).nullable().optional() }),
  reply: savedRecordReply,
  example: { body: { mst: { AgentKey40: '', AgentId40: 'AG-001', AgentName40: 'Agent One' }, dtl: null } },
});
