// Validator keys from a mnemonic (EIP-2334 paths), withdrawal credentials, and deposit data in the
// staking-deposit-cli JSON shape, signed over DOMAIN_DEPOSIT with the network's genesis fork version.
import { GWEI_PER_VALIDATOR, MAX_DEPOSIT_GWEI, type ValidatorKind } from '@payd/schemas/deposit';
import { equalBytes, fromHex, toHex } from './bytes.ts';
import {
  blsSignHashed,
  blsVerify,
  blsVerifyBatchHashed,
  hashToG2,
  secretKeyToPublicKey,
  type HashedMessage,
} from './bls.ts';
import {
  deriveChildSK,
  deriveMasterSK,
  secretKeyToBytes,
  signingKeyPath,
  withdrawalKeyPath,
} from './eip2333.ts';
import { credentialsProblem, withdrawalCredentialsFor } from './credentials.ts';
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
/** 32 ETH in gwei (@payd/schemas' one definition): the default deposit and MAX_EFFECTIVE_BALANCE of a 0x01 validator. */
export const DEFAULT_DEPOSIT_AMOUNT_GWEI = BigInt(GWEI_PER_VALIDATOR);
/** 2048 ETH in gwei: the most one deposit may carry (MAX_EFFECTIVE_BALANCE_ELECTRA, as ethstaker-deposit-cli's MAX_DEPOSIT_AMOUNT). */
export const MAX_DEPOSIT_AMOUNT_GWEI = BigInt(MAX_DEPOSIT_GWEI);
/** The staking-deposit-cli release whose JSON format the entries follow (launchpads check it). */
export const DEPOSIT_CLI_VERSION = '2.7.0';

export {
  BLS_WITHDRAWAL_PREFIX,
  COMPOUNDING_WITHDRAWAL_PREFIX,
  ETH1_ADDRESS_WITHDRAWAL_PREFIX,
  blsWithdrawalCredentials,
  compoundingWithdrawalCredentials,
  executionWithdrawalCredentials,
  parseExecutionAddress,
  withdrawalCredentialsFor,
} from './credentials.ts';

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
export function validatorRootSK(seed: Uint8Array): bigint {
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

interface ReadBack {
  pubkey: Uint8Array;
  signature: Uint8Array;
  forkVersion: Uint8Array;
  messageRoot: Uint8Array;
}

/**
 * An entry read back from its hex: shape, amount, the fork version of `network` (when given) and both
 * roots recomputed. The reason it is invalid, or what the signature check needs.
 */
function readBack(entry: DepositDataEntry, network?: NetworkName | number | Network): ReadBack | string {
  try {
    const pubkey = fromHex(entry.pubkey, 48, 'pubkey');
    const withdrawalCredentials = fromHex(entry.withdrawal_credentials, 32, 'withdrawal_credentials');
    const signature = fromHex(entry.signature, 96, 'signature');
    const forkVersion = fromHex(entry.fork_version, 4, 'fork_version');
    const amount = amountOf(entry);
    if (amount < MIN_DEPOSIT_AMOUNT_GWEI) return 'amount is below the 1 ETH minimum deposit';
    if (amount > MAX_DEPOSIT_AMOUNT_GWEI) return 'amount is above the 2048 ETH maximum deposit';
    const credentials = credentialsProblem(withdrawalCredentials);
    if (credentials) return credentials;
    if (network !== undefined && getNetwork(network).genesisForkVersion !== toHex(forkVersion))
      return `fork_version ${toHex(forkVersion)} is not ${getNetwork(network).name}'s genesis fork version`;
    const message = { pubkey, withdrawal_credentials: withdrawalCredentials, amount };
    const messageRoot = hashTreeRootDepositMessage(message);
    if (toHex(messageRoot) !== entry.deposit_message_root.replace(/^0x/, '').toLowerCase())
      return 'deposit_message_root does not match the deposit message';
    if (
      toHex(hashTreeRootDepositData({ ...message, signature })) !==
      entry.deposit_data_root.replace(/^0x/, '').toLowerCase()
    )
      return 'deposit_data_root does not match the deposit data';
    return { pubkey, signature, forkVersion, messageRoot };
  } catch (e) {
    return e instanceof Error ? e.message : 'malformed deposit data';
  }
}

const depositDomain = (forkVersion: Uint8Array) => computeDomain(DOMAIN_DEPOSIT, forkVersion);

/**
 * Why a deposit data entry is invalid, or null when it is valid: shape, amount, the fork version of
 * `network` (when given), both roots recomputed, and the BLS signature over DOMAIN_DEPOSIT.
 */
export function explainDepositData(
  entry: DepositDataEntry,
  network?: NetworkName | number | Network,
): string | null {
  const r = readBack(entry, network);
  if (typeof r === 'string') return r;
  if (!blsVerify(r.pubkey, computeSigningRoot(r.messageRoot, depositDomain(r.forkVersion)), r.signature))
    return 'signature does not verify for this pubkey and fork version';
  return null;
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

/** A freshly signed entry with the signing root and its G2 hash, for the re-verification. */
interface SignedDeposit {
  entry: DepositDataEntry;
  signingRoot: Uint8Array;
  hashed: HashedMessage;
}

function checkAmount(amountGwei: bigint | undefined): bigint {
  const amount = amountGwei ?? DEFAULT_DEPOSIT_AMOUNT_GWEI;
  if (amount < MIN_DEPOSIT_AMOUNT_GWEI || amount > MAX_DEPOSIT_AMOUNT_GWEI)
    throw new Error('deposit amount must be between 1 and 2048 ETH');
  return amount;
}

/** Signs one deposit: the public key computed once, the signing root hashed to G2 once. */
function signDeposit(
  signingKey: Uint8Array,
  withdrawalCredentials: Uint8Array,
  amount: bigint,
  network: Network,
  domain: Uint8Array,
): SignedDeposit {
  const message: DepositMessage = {
    pubkey: secretKeyToPublicKey(signingKey),
    withdrawal_credentials: withdrawalCredentials,
    amount,
  };
  const messageRoot = hashTreeRootDepositMessage(message);
  const signingRoot = computeSigningRoot(messageRoot, domain);
  const hashed = hashToG2(signingRoot);
  const signature = blsSignHashed(signingKey, hashed);
  const entry: DepositDataEntry = {
    pubkey: toHex(message.pubkey),
    withdrawal_credentials: toHex(message.withdrawal_credentials),
    amount: Number(amount),
    signature: toHex(signature),
    deposit_message_root: toHex(messageRoot),
    deposit_data_root: toHex(hashTreeRootDepositData({ ...message, signature })),
    fork_version: network.genesisForkVersion,
    network_name: network.depositNetworkName,
    deposit_cli_version: DEPOSIT_CLI_VERSION,
  };
  return { entry, signingRoot, hashed };
}

/**
 * The re-verification of freshly signed entries before they are returned: each entry is read back
 * from its hex (amount, fork version, both roots recomputed), the signing root recomputed from what
 * was read back must be the one that was signed, and the signatures are checked against the public
 * keys read back in one batch (blsVerifyBatchHashed, one final exponentiation for the batch). The G2
 * hash of the signing root is the one signing computed (hash_to_curve is deterministic and checked
 * against the official vectors); verifyDepositData, which the browser runs on every deposit before
 * sending ETH, recomputes it. On a failure each entry is checked alone to name the bad one.
 */
function checkSigned(signed: readonly SignedDeposit[], network: Network): void {
  const fail = (problem: string) => new Error(`generated deposit data failed re-verification: ${problem}`);
  const items = signed.map((s) => {
    const r = readBack(s.entry, network);
    if (typeof r === 'string') throw fail(r);
    if (!equalBytes(computeSigningRoot(r.messageRoot, depositDomain(r.forkVersion)), s.signingRoot))
      throw fail('the signing root does not match the deposit message');
    return { publicKey: r.pubkey, hashed: s.hashed, signature: r.signature };
  });
  if (blsVerifyBatchHashed(items)) return;
  for (const s of signed) {
    const problem = explainDepositData(s.entry, network);
    if (problem !== null) throw fail(problem);
  }
  throw fail('the batch signature check failed');
}

/** A signed deposit data entry for one signing key; re-verified before it is returned. */
export function signDepositData(args: {
  signingKey: Uint8Array;
  withdrawalCredentials: Uint8Array;
  amountGwei?: bigint;
  network: NetworkName | number | Network;
}): DepositDataEntry {
  const network = getNetwork(args.network);
  const amount = checkAmount(args.amountGwei);
  const domain = depositDomain(fromHex(network.genesisForkVersion, 4));
  const signed = signDeposit(args.signingKey, args.withdrawalCredentials, amount, network, domain);
  checkSigned([signed], network);
  return signed.entry;
}

export interface CreateDepositDataArgs {
  mnemonic: string | readonly string[];
  /** BIP-39 passphrase; empty by default (as staking-deposit-cli). */
  passphrase?: string;
  /** First validator index i of m/12381/3600/i/0/0. */
  startIndex: number;
  count: number;
  /** Execution address of the withdrawal credentials. */
  withdrawalAddress: string;
  /** '0x01' (the default, as before Electra) or '0x02' (compounding, EIP-7251) credentials. */
  kind?: ValidatorKind;
  network: NetworkName | number | Network;
  /** Per validator, in gwei, 1 to 2048 ETH; 32 ETH by default. */
  amountGwei?: bigint;
}

/** The range of a request: a whole startIndex, count at least 1, indices below 2^32. */
export function checkDepositRange(args: CreateDepositDataArgs): void {
  if (!Number.isInteger(args.startIndex) || args.startIndex < 0)
    throw new Error('startIndex must be a whole number');
  if (!Number.isInteger(args.count) || args.count < 1) throw new Error('count must be at least 1');
  if (args.startIndex + args.count - 1 > 0xffffffff) throw new Error('validator index out of range');
}

/** The signing key m/12381/3600/i/0/0, through the withdrawal key m/12381/3600/i/0 (EIP-2334). */
function signingKeyBelowRoot(rootSK: bigint, index: number): Uint8Array {
  return secretKeyToBytes(deriveChildSK(deriveChildSK(deriveChildSK(rootSK, index), 0), 0));
}

/** Entries are re-verified in batches of this many (one final exponentiation per batch). */
export const CHECK_BATCH = 16;

/** What depositSteps yields: a validator was signed (a moment to yield), or a re-verified batch. */
type DepositStep = { signed: number } | { entries: DepositDataEntry[] };

/**
 * Deposit data for validators startIndex .. startIndex+count-1 below m/12381/3600 (validatorRootSK,
 * derived once per mnemonic): for each, the three EIP-2333 levels below the root, one public key,
 * one signature; re-verified by CHECK_BATCH.
 */
export function* depositStepsBelowRoot(args: {
  rootSK: bigint;
  startIndex: number;
  count: number;
  withdrawalCredentials: Uint8Array;
  network: NetworkName | number | Network;
  amountGwei?: bigint;
}): Generator<DepositStep> {
  const network = getNetwork(args.network);
  const amount = checkAmount(args.amountGwei);
  const domain = depositDomain(fromHex(network.genesisForkVersion, 4));
  const end = args.startIndex + args.count;
  for (let first = args.startIndex; first < end; first += CHECK_BATCH) {
    const batch: SignedDeposit[] = [];
    for (let i = first; i < Math.min(end, first + CHECK_BATCH); i++) {
      batch.push(
        signDeposit(signingKeyBelowRoot(args.rootSK, i), args.withdrawalCredentials, amount, network, domain),
      );
      yield { signed: i };
    }
    checkSigned(batch, network);
    yield { entries: batch.map((b) => b.entry) };
  }
}

/** Checks a range request and derives m/12381/3600 once (the BIP-39 seed: PBKDF2, once per batch). */
export function prepareDepositRange(args: CreateDepositDataArgs): {
  rootSK: bigint;
  withdrawalCredentials: Uint8Array;
} {
  checkDepositRange(args);
  getNetwork(args.network);
  checkAmount(args.amountGwei);
  const withdrawalCredentials = withdrawalCredentialsFor(args.kind ?? '0x01', args.withdrawalAddress);
  const rootSK = validatorRootSK(mnemonicToSeed(args.mnemonic, args.passphrase ?? ''));
  return { rootSK, withdrawalCredentials };
}

function depositSteps(args: CreateDepositDataArgs): Generator<DepositStep> {
  const { rootSK, withdrawalCredentials } = prepareDepositRange(args);
  return depositStepsBelowRoot({ ...args, rootSK, withdrawalCredentials });
}

/** Deposit data for validators startIndex .. startIndex+count-1, each entry re-verified. */
export function createDepositData(args: CreateDepositDataArgs): DepositDataEntry[] {
  const entries: DepositDataEntry[] = [];
  for (const step of depositSteps(args)) if ('entries' in step) entries.push(...step.entries);
  return entries;
}

/**
 * The same as createDepositData, yielding to the event loop between validators (about 30 ms of CPU
 * each) so a page stays responsive while it creates many. A server uses the worker pool of
 * `@payd/validator-keys/node` instead, which keeps the work off its event loop.
 */
export async function createDepositDataAsync(args: CreateDepositDataArgs): Promise<DepositDataEntry[]> {
  const entries: DepositDataEntry[] = [];
  for (const step of depositSteps(args)) {
    if ('entries' in step) entries.push(...step.entries);
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return entries;
}
