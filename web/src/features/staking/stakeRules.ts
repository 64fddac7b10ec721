// The pure rules of the stake screen (spec 001 sections 4, 5 and 9): the validator-count input,
// the derived amount, the wallet-balance message, when Continue is allowed, the deposit data the
// wallet signs (checked here before it is offered; which validators a deposit takes is the
// server's PrepareDeposits), and the 5-second re-sync guard. No React, no network: tested in
// stakeRules.test.ts.
import {
  explainDepositData,
  executionWithdrawalCredentials,
  toHex,
  type DepositDataEntry,
} from '@payd/validator-keys';
import { decodeDepositJson, ETH_PER_VALIDATOR, GWEI_PER_VALIDATOR, WEI_PER_VALIDATOR } from '@payd/schemas';

/** 32 ETH per validator, in ETH, wei and gwei: defined once in @payd/schemas. */
export { decodeDepositJson, ETH_PER_VALIDATOR, GWEI_PER_VALIDATOR, WEI_PER_VALIDATOR };
/** A confirmed deposit counts only if at least this long after the last sync. */
export const RESYNC_GUARD_MS = 5000;
/** Redirect to '/' this long after a successful deposit and sync. */
export const REDIRECT_AFTER_MS = 1000;

export const StakeMessages = {
  tooMuch: 'You are staking more ETH than you have in your wallet. Please refresh this page and try again.',
  creating: 'Creating Validator(s)...',
  dontLeave: "Please don't refresh or leave the screen.",
  summaryTitle: 'Transaction Summary',
} as const;

/** Keys the validator-count input blocks: no exponents, signs or decimals. */
export const BLOCKED_COUNT_KEYS: readonly string[] = ['e', 'E', '+', '-', '.'];

export function isBlockedCountKey(key: string): boolean {
  return BLOCKED_COUNT_KEYS.includes(key);
}

/**
 * The validator count from what the input holds: a number, at least 0, decimals dropped (whole
 * numbers only). Empty or unreadable text gives null (the field shows empty).
 */
export function parseValidatorCount(raw: string | number | null | undefined): number | null {
  if (raw === null || raw === undefined) return null;
  const text = String(raw).trim();
  if (text === '') return null;
  const n = Number(text);
  if (!Number.isFinite(n)) return null;
  return Math.max(0, Math.trunc(n));
}

/** ETH amount = 32 × validator count (read-only field). */
export function stakeAmountEth(count: number | null): number {
  return (count ?? 0) * ETH_PER_VALIDATOR;
}

/** The value the deposit transaction carries, in wei. */
export function stakeAmountWei(count: number): bigint {
  return BigInt(count) * WEI_PER_VALIDATOR;
}

/**
 * Gas the deposit transaction of `count` validators is given room for: MultipleDeposit's own work
 * plus one deposit-contract call per validator (about 55k gas each on mainnet), rounded up.
 */
export const DEPOSIT_GAS_BASE = 60_000n;
export const DEPOSIT_GAS_PER_VALIDATOR = 80_000n;

/** The gas (wei) of a deposit of `count` validators at `gasPriceWei`. */
export function depositGasWei(count: number, gasPriceWei: bigint): bigint {
  return (DEPOSIT_GAS_BASE + DEPOSIT_GAS_PER_VALIDATOR * BigInt(count)) * gasPriceWei;
}

/** The most validators a balance pays for: 32 ETH each plus the deposit's gas. */
export function maxAffordableValidators(balanceWei: bigint, gasPriceWei = 0n): number {
  let n = Number(balanceWei / WEI_PER_VALIDATOR);
  while (n > 0 && stakeAmountWei(n) + depositGasWei(n, gasPriceWei) > balanceWei) n--;
  return n;
}

/** What the count field says when the wallet cannot pay: the spec's sentence and the most it can. */
export function tooMuchMessage(max: number): string {
  const first = StakeMessages.tooMuch.slice(0, StakeMessages.tooMuch.indexOf('.') + 1);
  if (max === 0)
    return `${first} One validator needs ${ETH_PER_VALIDATOR} ETH plus gas; this wallet holds less.`;
  return `${first} This wallet can pay for at most ${max} validator${max === 1 ? '' : 's'} (${max} × ${ETH_PER_VALIDATOR} = ${stakeAmountEth(max)} ETH, plus gas).`;
}

/**
 * The wallet-balance message when the amount and the deposit's gas exceed the balance (wei),
 * saying the most the wallet can pay for; else null.
 */
export function balanceError(
  count: number | null,
  balanceWei: bigint | undefined,
  gasPriceWei = 0n,
): string | null {
  if (!count || balanceWei === undefined) return null;
  if (stakeAmountWei(count) + depositGasWei(count, gasPriceWei) <= balanceWei) return null;
  return tooMuchMessage(maxAffordableValidators(balanceWei, gasPriceWei));
}

/**
 * Create Continue is disabled on an error, an empty or zero ETH amount, a busy wallet transaction
 * or an unticked address confirmation.
 */
export function canContinue(s: {
  count: number | null;
  error: string | null;
  txBusy: boolean;
  addressConfirmed: boolean;
  withdrawalAddress: string;
}): boolean {
  return (
    !s.error &&
    stakeAmountEth(s.count) > 0 &&
    !s.txBusy &&
    s.addressConfirmed &&
    s.withdrawalAddress.trim() !== ''
  );
}

/** The review step's lines ('Transaction Summary'). */
export function stakeSummary(count: number, withdrawalAddress: string) {
  return {
    validators: count,
    ethPerValidator: ETH_PER_VALIDATOR,
    totalEth: stakeAmountEth(count),
    withdrawalAddress: withdrawalAddress.trim(),
  };
}

/** A validator to deposit (PrepareDeposits, Eth2Wallet's detail), as far as the stake flow reads it. */
export interface ValidatorRow {
  Eth2ValidatorId5?: unknown;
  Idx5?: unknown;
  ValidatorStatusCd5?: unknown;
  PubKey5?: unknown;
  DepositJson5?: unknown;
}

const hex0x = (h: string): `0x${string}` => (h.startsWith('0x') ? h : `0x${h}`) as `0x${string}`;

/** One deposit as MultipleDeposit.depositMultiple takes it. */
export interface DepositArg {
  pubkey: `0x${string}`;
  withdrawal_credentials: `0x${string}`;
  signature: `0x${string}`;
  deposit_data_root: `0x${string}`;
}

/** The deposit batch (spec 001 section 3): all fields 0x-prefixed, one fork version. */
export interface DepositBatch {
  deposits: DepositArg[];
  pubkeys: `0x${string}`[];
  withdrawal_credentials: `0x${string}`[];
  signatures: `0x${string}`[];
  deposit_data_roots: `0x${string}`[];
  fork_version: `0x${string}`;
}

/** Checks one chosen validator's deposit data (see depositBatch); returns the entry. */
function checkedEntry(
  v: ValidatorRow,
  credentials: string,
  expectedForkVersion: string | undefined,
): DepositDataEntry {
  const entry = decodeDepositJson(String(v.DepositJson5 ?? ''));
  const which = `deposit data of validator ${String(v.Idx5)}`;
  const pubkey = entry.pubkey.replace(/^0x/, '').toLowerCase();
  if (`0x${pubkey}` !== String(v.PubKey5 ?? '').toLowerCase())
    throw new Error(`${which} names another public key`);
  if (Number(entry.amount) !== GWEI_PER_VALIDATOR) throw new Error(`${which} is not 32 ETH`);
  if (entry.withdrawal_credentials.replace(/^0x/, '').toLowerCase() !== credentials)
    throw new Error(`${which} pays another withdrawal address`);
  if (
    expectedForkVersion &&
    entry.fork_version.replace(/^0x/, '').toLowerCase() !==
      expectedForkVersion.replace(/^0x/, '').toLowerCase()
  )
    throw new Error(`${which} is for another network`);
  const problem = explainDepositData(entry);
  if (problem) throw new Error(`${which}: ${problem}`);
  return entry;
}

function assemble(entries: DepositDataEntry[]): DepositBatch {
  if (!entries.length) throw new Error('no deposit data');
  const forks = new Set(entries.map((e) => e.fork_version.replace(/^0x/, '').toLowerCase()));
  if (forks.size !== 1) throw new Error('deposit data of more than one network');
  const pubkeys = new Set(entries.map((e) => e.pubkey.replace(/^0x/, '').toLowerCase()));
  if (pubkeys.size !== entries.length) throw new Error('deposit data names a validator twice');
  const deposits = entries.map((e) => ({
    pubkey: hex0x(e.pubkey),
    withdrawal_credentials: hex0x(e.withdrawal_credentials),
    signature: hex0x(e.signature),
    deposit_data_root: hex0x(e.deposit_data_root),
  }));
  return {
    deposits,
    pubkeys: deposits.map((d) => d.pubkey),
    withdrawal_credentials: deposits.map((d) => d.withdrawal_credentials),
    signatures: deposits.map((d) => d.signature),
    deposit_data_roots: deposits.map((d) => d.deposit_data_root),
    fork_version: hex0x(entries[0]!.fork_version),
  };
}

/**
 * The deposit batch of the chosen validators, each entry checked before it is offered for
 * signing: 32 ETH, 0x01 credentials of the confirmed withdrawal address, the expected fork
 * version (when given), both roots recomputed and the BLS signature verified. Throws on the
 * first entry that fails (a parse failure of the deposit data).
 */
export function depositBatch(
  chosen: readonly ValidatorRow[],
  withdrawalAddress: string,
  expectedForkVersion?: string,
): DepositBatch {
  const credentials = toHex(executionWithdrawalCredentials(withdrawalAddress.trim()));
  return assemble(chosen.map((v) => checkedEntry(v, credentials, expectedForkVersion)));
}

/**
 * depositBatch that lets the page breathe between entries (a BLS check takes tens of
 * milliseconds, so a hundred validators would otherwise freeze the spinner for seconds).
 */
export async function depositBatchAsync(
  chosen: readonly ValidatorRow[],
  withdrawalAddress: string,
  expectedForkVersion?: string,
  /** Told after each entry is checked: how many of how many. */
  onProgress?: (checked: number, total: number) => void,
): Promise<DepositBatch> {
  const credentials = toHex(executionWithdrawalCredentials(withdrawalAddress.trim()));
  const entries: DepositDataEntry[] = [];
  for (const v of chosen) {
    entries.push(checkedEntry(v, credentials, expectedForkVersion));
    onProgress?.(entries.length, chosen.length);
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return assemble(entries);
}

/** Stake Continue aborts silently when the wallet's saved network is not the connected chain. */
export function networkMismatch(savedNetworkId: unknown, chainId: number | undefined): boolean {
  if (savedNetworkId === null || savedNetworkId === undefined || savedNetworkId === '') return false;
  return String(savedNetworkId) !== String(chainId);
}

/**
 * The re-sync guard: a confirmed on-chain deposit resets the counts and inputs only when it comes
 * at least 5 s after the last sync (null: never synced).
 */
export function depositResetsForm(confirmedAt: number, lastSyncAt: number | null): boolean {
  return lastSyncAt === null || confirmedAt - lastSyncAt >= RESYNC_GUARD_MS;
}
