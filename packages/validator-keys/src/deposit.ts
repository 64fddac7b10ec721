// Validator keys from a mnemonic (EIP-2334 paths), withdrawal credentials, and deposit data in the
// staking-deposit-cli JSON shape, signed over DOMAIN_DEPOSIT with the network's genesis fork version.
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { fromHex, toHex, utf8 } from './bytes.ts';
import { blsSign, blsVerify, secretKeyToPublicKey } from './bls.ts';
import {
  deriveChildSK,
  deriveMasterSK,
  secretKeyToBytes,
  signingKeyPath,
  withdrawalKeyPath,
} from './eip2333.ts';
import { mnemonicToSeed } from './mnemonic.ts';
import { getNetwork, type Network, type NetworkName } from './networks.ts';
import {
  computeDomain,
  computeSigningRoot,
  DOMAIN_DEPOSIT,
  hashTreeRootDepositData,
  hashTreeRootDepositMessage,
  type DepositMessage,
} from './spec.ts';

/** 1 ETH in gwei: MIN_DEPOSIT_AMOUNT of the deposit contract. */
export const MIN_DEPOSIT_AMOUNT_GWEI = 1_000_000_000n;
/** 32 ETH in gwei: the default deposit and MAX_EFFECTIVE_BALANCE of a 0x01 validator. */
export const DEFAULT_DEPOSIT_AMOUNT_GWEI = 32_000_000_000n;
/** The staking-deposit-cli release whose JSON format the entries follow (launchpads check it). */
export const DEPOSIT_CLI_VERSION = '2.7.0';

export const BLS_WITHDRAWAL_PREFIX = 0x00;
export const ETH1_ADDRESS_WITHDRAWAL_PREFIX = 0x01;

/** One deposit in the staking-deposit-cli `deposit_data-*.json` shape: hex without 0x, amount in gwei. */
export interface DepositDataEntry {
  pubkey: string;
  withdrawal_credentials: string;
  amount: number;
  signature: string;
  deposit_message_root: string;
  deposit_data_root: string;
  fork_version: string;
  network_name: string;
  deposit_cli_version: string;
}

export interface ValidatorKeys {
  index: number;
  /** 32-byte big-endian BLS secret key at m/12381/3600/i/0/0. */
  signingKey: Uint8Array;
  /** 32-byte big-endian BLS secret key at m/12381/3600/i/0. */
  withdrawalKey: Uint8Array;
  /** Signing public key, 48 bytes as hex without 0x. */
  pubkey: string;
  /** Withdrawal public key, hex without 0x (only needed for 0x00 credentials). */
  withdrawalPubkey: string;
  signingKeyPath: string;
  withdrawalKeyPath: string;
}

/** m/12381/3600 for a seed: the parent of every validator's keys, derived once per mnemonic. */
function validatorRootSK(seed: Uint8Array): bigint {
  return deriveChildSK(deriveChildSK(deriveMasterSK(seed), 12381), 3600);
}

function keysBelowRoot(rootSK: bigint, index: number): ValidatorKeys {
  const withdrawalSK = deriveChildSK(deriveChildSK(rootSK, index), 0);
  const signingSK = deriveChildSK(withdrawalSK, 0);
  const signingKey = secretKeyToBytes(signingSK);
  const withdrawalKey = secretKeyToBytes(withdrawalSK);
  return {
    index,
    signingKey,
    withdrawalKey,
    pubkey: toHex(secretKeyToPublicKey(signingKey)),
    withdrawalPubkey: toHex(secretKeyToPublicKey(withdrawalKey)),
    signingKeyPath: signingKeyPath(index),
    withdrawalKeyPath: withdrawalKeyPath(index),
  };
}

/** The signing and withdrawal keys of validator `index` (EIP-2334) from a BIP-39 mnemonic. */
export function deriveValidatorKeys(
  mnemonic: string | readonly string[],
  index: number,
  passphrase = '',
): ValidatorKeys {
  return keysBelowRoot(validatorRootSK(mnemonicToSeed(mnemonic, passphrase)), index);
}

/** An execution address (0x + 40 hex); mixed case must carry a valid EIP-55 checksum. Returns 20 bytes. */
export function parseExecutionAddress(address: string): Uint8Array {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address))
    throw new Error('withdrawal address must be 0x followed by 40 hex digits');
  const hex = address.slice(2);
  if (hex !== hex.toLowerCase() && hex !== hex.toUpperCase()) {
    const hash = toHex(keccak_256(utf8(hex.toLowerCase())));
    for (let i = 0; i < 40; i++) {
      const c = hex[i]!;
      const upper = parseInt(hash[i]!, 16) >= 8;
      if (/[a-f]/i.test(c) && (c === c.toUpperCase()) !== upper)
        throw new Error('withdrawal address has an invalid EIP-55 checksum');
    }
  }
  return fromHex(hex, 20);
}

/** 0x01 credentials: ETH1_ADDRESS_WITHDRAWAL_PREFIX + 11 zero bytes + the 20-byte execution address. */
export function executionWithdrawalCredentials(address: string): Uint8Array {
  const wc = new Uint8Array(32);
  wc[0] = ETH1_ADDRESS_WITHDRAWAL_PREFIX;
  wc.set(parseExecutionAddress(address), 12);
  return wc;
}

/** 0x00 credentials: BLS_WITHDRAWAL_PREFIX + sha256(withdrawal pubkey)[1:]. */
export function blsWithdrawalCredentials(withdrawalPubkey: Uint8Array | string): Uint8Array {
  const pk =
    typeof withdrawalPubkey === 'string'
      ? fromHex(withdrawalPubkey, 48, 'withdrawal pubkey')
      : withdrawalPubkey;
  const wc = sha256(pk);
  wc[0] = BLS_WITHDRAWAL_PREFIX;
  return wc;
}

/** The signing root a deposit signs: compute_signing_root(DepositMessage, compute_domain(DOMAIN_DEPOSIT, fork_version)). */
export function depositSigningRoot(message: DepositMessage, forkVersion: Uint8Array): Uint8Array {
  return computeSigningRoot(hashTreeRootDepositMessage(message), computeDomain(DOMAIN_DEPOSIT, forkVersion));
}

function amountOf(entry: { amount: unknown }): bigint {
  const a = entry.amount;
  if (typeof a === 'bigint') return a;
  if (typeof a === 'number' && Number.isSafeInteger(a)) return BigInt(a);
  if (typeof a === 'string' && /^\d+$/.test(a)) return BigInt(a);
  throw new Error('amount must be a whole number of gwei');
}

/**
 * Why a deposit data entry is invalid, or null when it is valid: shape, amount, the fork version of
 * `network` (when given), both roots recomputed, and the BLS signature over DOMAIN_DEPOSIT.
 */
export function explainDepositData(
  entry: DepositDataEntry,
  network?: NetworkName | number | Network,
): string | null {
  try {
    const pubkey = fromHex(entry.pubkey, 48, 'pubkey');
    const withdrawalCredentials = fromHex(entry.withdrawal_credentials, 32, 'withdrawal_credentials');
    const signature = fromHex(entry.signature, 96, 'signature');
    const forkVersion = fromHex(entry.fork_version, 4, 'fork_version');
    const amount = amountOf(entry);
    if (amount < MIN_DEPOSIT_AMOUNT_GWEI) return 'amount is below the 1 ETH minimum deposit';
    if (network !== undefined && getNetwork(network).genesisForkVersion !== toHex(forkVersion))
      return `fork_version ${toHex(forkVersion)} is not ${getNetwork(network).name}'s genesis fork version`;
    const message = { pubkey, withdrawal_credentials: withdrawalCredentials, amount };
    if (
      toHex(hashTreeRootDepositMessage(message)) !==
      entry.deposit_message_root.replace(/^0x/, '').toLowerCase()
    )
      return 'deposit_message_root does not match the deposit message';
    if (
      toHex(hashTreeRootDepositData({ ...message, signature })) !==
      entry.deposit_data_root.replace(/^0x/, '').toLowerCase()
    )
      return 'deposit_data_root does not match the deposit data';
    if (!blsVerify(pubkey, depositSigningRoot(message, forkVersion), signature))
      return 'signature does not verify for this pubkey and fork version';
    return null;
  } catch (e) {
    return e instanceof Error ? e.message : 'malformed deposit data';
  }
}

/**
 * is_valid_deposit_signature as the beacon chain applies it to a deposit it reads from the deposit
 * contract (no roots to compare): the BLS signature over DOMAIN_DEPOSIT with the network's genesis
 * fork version. Never throws; malformed input is simply invalid.
 */
export function isValidDepositSignature(
  deposit: {
    pubkey: string;
    withdrawal_credentials: string;
    amount: bigint | number | string;
    signature: string;
  },
  network: NetworkName | number | Network,
): boolean {
  try {
    const message = {
      pubkey: fromHex(deposit.pubkey, 48, 'pubkey'),
      withdrawal_credentials: fromHex(deposit.withdrawal_credentials, 32, 'withdrawal_credentials'),
      amount: amountOf(deposit),
    };
    const forkVersion = fromHex(getNetwork(network).genesisForkVersion, 4);
    return blsVerify(
      message.pubkey,
      depositSigningRoot(message, forkVersion),
      fromHex(deposit.signature, 96, 'signature'),
    );
  } catch {
    return false;
  }
}

/** True when the entry's roots recompute and its signature verifies (see explainDepositData). */
export function verifyDepositData(
  entry: DepositDataEntry,
  network?: NetworkName | number | Network,
): boolean {
  return explainDepositData(entry, network) === null;
}

/** A signed deposit data entry for one signing key; re-verified before it is returned. */
export function signDepositData(args: {
  signingKey: Uint8Array;
  withdrawalCredentials: Uint8Array;
  amountGwei?: bigint;
  network: NetworkName | number | Network;
}): DepositDataEntry {
  const network = getNetwork(args.network);
  const amount = args.amountGwei ?? DEFAULT_DEPOSIT_AMOUNT_GWEI;
  if (amount < MIN_DEPOSIT_AMOUNT_GWEI || amount > DEFAULT_DEPOSIT_AMOUNT_GWEI)
    throw new Error('deposit amount must be between 1 and 32 ETH');
  const forkVersion = fromHex(network.genesisForkVersion, 4);
  const message: DepositMessage = {
    pubkey: secretKeyToPublicKey(args.signingKey),
    withdrawal_credentials: args.withdrawalCredentials,
    amount,
  };
  const signature = blsSign(args.signingKey, depositSigningRoot(message, forkVersion));
  const entry: DepositDataEntry = {
    pubkey: toHex(message.pubkey),
    withdrawal_credentials: toHex(message.withdrawal_credentials),
    amount: Number(amount),
    signature: toHex(signature),
    deposit_message_root: toHex(hashTreeRootDepositMessage(message)),
    deposit_data_root: toHex(hashTreeRootDepositData({ ...message, signature })),
    fork_version: network.genesisForkVersion,
    network_name: network.depositNetworkName,
    deposit_cli_version: DEPOSIT_CLI_VERSION,
  };
  const problem = explainDepositData(entry, network);
  if (problem !== null) throw new Error(`generated deposit data failed re-verification: ${problem}`);
  return entry;
}

export interface CreateDepositDataArgs {
  mnemonic: string | readonly string[];
  /** BIP-39 passphrase; empty by default (as staking-deposit-cli). */
  passphrase?: string;
  /** First validator index i of m/12381/3600/i/0/0. */
  startIndex: number;
  count: number;
  /** Execution address for 0x01 withdrawal credentials. */
  withdrawalAddress: string;
  network: NetworkName | number | Network;
  /** Per validator, in gwei; 32 ETH by default. */
  amountGwei?: bigint;
}

function checkRange(args: CreateDepositDataArgs): void {
  if (!Number.isInteger(args.startIndex) || args.startIndex < 0)
    throw new Error('startIndex must be a whole number');
  if (!Number.isInteger(args.count) || args.count < 1) throw new Error('count must be at least 1');
  if (args.startIndex + args.count - 1 > 0xffffffff) throw new Error('validator index out of range');
}

function* depositEntries(args: CreateDepositDataArgs): Generator<DepositDataEntry> {
  checkRange(args);
  const network = getNetwork(args.network);
  const withdrawalCredentials = executionWithdrawalCredentials(args.withdrawalAddress);
  const rootSK = validatorRootSK(mnemonicToSeed(args.mnemonic, args.passphrase ?? ''));
  for (let i = args.startIndex; i < args.startIndex + args.count; i++) {
    const keys = keysBelowRoot(rootSK, i);
    yield signDepositData({
      signingKey: keys.signingKey,
      withdrawalCredentials,
      amountGwei: args.amountGwei,
      network,
    });
  }
}

/** Deposit data for validators startIndex .. startIndex+count-1, each entry re-verified. */
export function createDepositData(args: CreateDepositDataArgs): DepositDataEntry[] {
  return [...depositEntries(args)];
}

/**
 * The same as createDepositData, yielding to the event loop between validators (about 0.1 s of CPU
 * each) so a server stays responsive while it creates many.
 */
export async function createDepositDataAsync(args: CreateDepositDataArgs): Promise<DepositDataEntry[]> {
  const entries: DepositDataEntry[] = [];
  for (const entry of depositEntries(args)) {
    entries.push(entry);
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return entries;
}
