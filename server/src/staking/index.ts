// The staking feature as other features see it: what billing's charge job needs to sync validators
// from the beacon node and exit a customer's validators. Other features import these from here.
export { HttpBeaconClient } from './beacon/index.ts';
export { MnemonicVault } from './mnemonicVault.ts';
export { RpcDepositLogReader } from './depositLogs.ts';
export { startValidatorSyncJob } from './syncJob.ts';
export { WalletActions } from './walletActions.ts';
