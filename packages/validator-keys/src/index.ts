// @payd/validator-keys: validator keys, deposit data, keystores and voluntary exits for Ethereum
// staking, after the consensus specs and EIP-2333/2334/2335/7044. Pure TypeScript on @noble/*.
export { generateMnemonic, validateMnemonic, mnemonicToSeed, normalizeMnemonic } from './mnemonic.ts';
export {
  deriveMasterSK,
  deriveChildSK,
  hkdfModR,
  parentSKToLamportPK,
  ikmToLamportSK,
  deriveKeyFromPath,
  parsePath,
  signingKeyPath,
  withdrawalKeyPath,
  secretKeyToBytes,
} from './eip2333.ts';
export { BLS_DST, blsSign, blsVerify, secretKeyToPublicKey } from './bls.ts';
export {
  DOMAIN_DEPOSIT,
  DOMAIN_VOLUNTARY_EXIT,
  ZERO_ROOT,
  computeDomain,
  computeForkDataRoot,
  computeSigningRoot,
  hashTreeRootDepositData,
  hashTreeRootDepositMessage,
  hashTreeRootVoluntaryExit,
  type DepositData,
  type DepositMessage,
  type VoluntaryExit,
} from './spec.ts';
export {
  NETWORKS,
  PAYD_DEVNET_GENESIS_VALIDATORS_ROOT,
  getNetwork,
  emptyValidatorsRoot,
  type Network,
  type NetworkName,
} from './networks.ts';
export {
  DEFAULT_DEPOSIT_AMOUNT_GWEI,
  MAX_DEPOSIT_AMOUNT_GWEI,
  MIN_DEPOSIT_AMOUNT_GWEI,
  DEPOSIT_CLI_VERSION,
  BLS_WITHDRAWAL_PREFIX,
  COMPOUNDING_WITHDRAWAL_PREFIX,
  ETH1_ADDRESS_WITHDRAWAL_PREFIX,
  blsWithdrawalCredentials,
  compoundingWithdrawalCredentials,
  withdrawalCredentialsFor,
  createDepositData,
  createDepositDataAsync,
  deriveValidatorKeys,
  depositSigningRoot,
  executionWithdrawalCredentials,
  explainDepositData,
  isValidDepositSignature,
  parseExecutionAddress,
  signDepositData,
  verifyDepositData,
  type CreateDepositDataArgs,
  type DepositDataEntry,
  type ValidatorKeys,
} from './deposit.ts';
export {
  createKeystore,
  decryptKeystore,
  processPassword,
  type CreateKeystoreOptions,
  type Keystore,
} from './keystore.ts';
export {
  signVoluntaryExit,
  verifyVoluntaryExit,
  voluntaryExitDomain,
  voluntaryExitSigningRoot,
  type SignVoluntaryExitArgs,
  type SignedVoluntaryExit,
} from './exit.ts';
export { fromHex, toHex } from './bytes.ts';
