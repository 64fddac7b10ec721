// The web's references to the staking contracts (contract/contract.ts `ref`), one object per
// service as the wire names it: typed by the contracts, free of their schemas.
import { ref } from '../contract/contract.ts';
import type * as c from './contracts.ts';

export const Eth2Wallet = {
  SaveData: ref<typeof c.eth2WalletSaveData>('Eth2Wallet', 'SaveData'),
  PrepareDeposits: ref<typeof c.prepareDeposits>('Eth2Wallet', 'PrepareDeposits'),
  SyncValidators: ref<typeof c.syncValidators>('Eth2Wallet', 'SyncValidators'),
  GetPendingOperations: ref<typeof c.getPendingOperations>('Eth2Wallet', 'GetPendingOperations'),
  WithdrawValidators: ref<typeof c.withdrawValidators>('Eth2Wallet', 'WithdrawValidators'),
  WithdrawValidator: ref<typeof c.withdrawValidator>('Eth2Wallet', 'WithdrawValidator'),
  DisplayMnemonic: ref<typeof c.displayMnemonic>('Eth2Wallet', 'DisplayMnemonic'),
  GetDepositData: ref<typeof c.getDepositData>('Eth2Wallet', 'GetDepositData'),
  GetKeystore: ref<typeof c.getKeystore>('Eth2Wallet', 'GetKeystore'),
  CheckValidatorRequest: ref<typeof c.checkValidatorRequest>('Eth2Wallet', 'CheckValidatorRequest'),
  TopUpValidator: ref<typeof c.topUpValidator>('Eth2Wallet', 'TopUpValidator'),
  TopUpSent: ref<typeof c.topUpSent>('Eth2Wallet', 'TopUpSent'),
  GetTopUps: ref<typeof c.getTopUps>('Eth2Wallet', 'GetTopUps'),
} as const;

export const EthTxHistory = {
  GetRewardChart: ref<typeof c.getRewardChart>('EthTxHistory', 'GetRewardChart'),
  GetRewards: ref<typeof c.getRewards>('EthTxHistory', 'GetRewards'),
  GetDailyHistory: ref<typeof c.getDailyHistory>('EthTxHistory', 'GetDailyHistory'),
  GetRewardDetail: ref<typeof c.getRewardDetail>('EthTxHistory', 'GetRewardDetail'),
} as const;

export const StakeWalletAddress = {
  SaveData: ref<typeof c.stakeWalletAddressSaveData>('StakeWalletAddress', 'SaveData'),
  GetWalletStatus: ref<typeof c.getWalletStatus>('StakeWalletAddress', 'GetWalletStatus'),
  ComeBack: ref<typeof c.comeBack>('StakeWalletAddress', 'ComeBack'),
} as const;

export const StakeUserInfo = {
  GetAgentNumber17List: ref<typeof c.getAgentList>('StakeUserInfo', 'GetAgentNumber17List'),
  SaveData: ref<typeof c.stakeUserInfoSaveData>('StakeUserInfo', 'SaveData'),
} as const;

export const StakeAgent = {
  SaveData: ref<typeof c.stakeAgentSaveData>('StakeAgent', 'SaveData'),
} as const;
