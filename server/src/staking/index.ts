// The staking feature as other features see it: what billing's charge job needs to sync validators
// from the beacon node and exit a customer's validators, and what liquid staking's pool job needs of
// the beacon node. Other features import these from here.
export {
  BeaconApiError,
  BeaconTime,
  HttpBeaconClient,
  type BeaconClient,
  type BeaconPendingPartialWithdrawal,
  type BeaconValidator,
} from './beacon/index.ts';
export { DEV_SERVER_ADMIN_KEY } from './kycRegistry.ts';
export { MnemonicVault } from './mnemonicVault.ts';
export { RpcDepositLogReader } from './depositLogs.ts';
export { startValidatorSyncJob } from './syncJob.ts';
export { WalletActions } from './walletActions.ts';
export { isTerminated } from './registration.ts';
export { currentEffectiveSql, earningEffectiveSql, effectiveOnDaySql } from './effectiveBalance.ts';
export { requestValidatorOf } from './validatorRequestCheck.ts';
