// The pure rules of the stake screen (spec 001 sections 4, 5 and 9): the validator-count input,
// the derived amount, the wallet-balance message, when Continue is allowed, the shape of the
// deposit batch the wallet signs (checked in depositBatch.ts; which validators a deposit takes is
// the server's PrepareDeposits), and the 5-second re-sync guard. No React, no network: tested in
// stakeRules.test.ts.
import {
  decodeDepositJson,
  ETH_PER_VALIDATOR,
  GWEI_PER_VALIDATOR,
  STAKE_PAGE_KIND,
  stakeChoiceForm,
  validatorKindTexts,
  WEI_PER_VALIDATOR,
  type ValidatorKind,
} from '@payd/schemas';

/** 32 ETH per validator, in ETH, wei and gwei: defined once in @payd/schemas. */
export { decodeDepositJson, ETH_PER_VALIDATOR, GWEI_PER_VALIDATOR, WEI_PER_VALIDATOR };
export { STAKE_PAGE_KIND, validatorKindTexts, type ValidatorKind };

/**
 * Why the chosen kind and amount per validator cannot be staked (issue 25), in the words the server's
 * PrepareDeposits answers with (stakeChoiceForm of @payd/schemas); null when they can. The count has
 * its own rules (spec 001) and is not judged here.
 */
export function amountPerValidatorError(kind: ValidatorKind, amountEth: number | null): string | null {
  const r = stakeChoiceForm.safeParse({ kind, amountEth: amountEth ?? Number.NaN, numberOfValidators: 1 });
  return r.success ? null : (r.error.issues.find((i) => i.path[0] === 'amountEth')?.message ?? null);
}

/** The amount per validator a kind starts with: 32 ETH (0x01 takes nothing else). */
export function amountForKind(kind: ValidatorKind, typed: number | null): number | null {
  return kind === '0x01' ? ETH_PER_VALIDATOR : typed;
}
/** A confirmed deposit counts only if at least this long after the last sync. */
export const RESYNC_GUARD_MS = 5000;

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

/** ETH amount = ETH per validator (32 unless a 0x02 amount was chosen) × validator count (read-only field). */
export function stakeAmountEth(count: number | null, perValidatorEth: number = ETH_PER_VALIDATOR): number {
  return (count ?? 0) * perValidatorEth;
}

/** The value the deposit transaction carries, in wei. */
export function stakeAmountWei(count: number, perValidatorEth: number = ETH_PER_VALIDATOR): bigint {
  return BigInt(count) * BigInt(perValidatorEth) * 10n ** 18n;
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

/** The most validators a balance pays for: `perValidatorEth` (32 by default) each plus the deposit's gas. */
export function maxAffordableValidators(
  balanceWei: bigint,
  gasPriceWei = 0n,
  perValidatorEth: number = ETH_PER_VALIDATOR,
): number {
  let n = Number(balanceWei / stakeAmountWei(1, perValidatorEth));
  while (n > 0 && stakeAmountWei(n, perValidatorEth) + depositGasWei(n, gasPriceWei) > balanceWei) n--;
  return n;
}

/** What the wallet can pay for, shown under the count beside the spec's message. */
export function walletCapacity(max: number, perValidatorEth: number = ETH_PER_VALIDATOR): string {
  if (max === 0) return `One validator needs ${perValidatorEth} ETH plus gas; this wallet holds less.`;
  return `This wallet can pay for at most ${max} validator${max === 1 ? '' : 's'} (${max} × ${perValidatorEth} = ${stakeAmountEth(max, perValidatorEth)} ETH, plus gas).`;
}

/**
 * When the amount and the deposit's gas exceed the balance (wei): the spec's message verbatim
 * (spec 001 section 9) and what the wallet can pay for; else null.
 */
export function balanceError(
  count: number | null,
  balanceWei: bigint | undefined,
  gasPriceWei = 0n,
  perValidatorEth: number = ETH_PER_VALIDATOR,
): { message: string; capacity: string } | null {
  if (!count || balanceWei === undefined) return null;
  if (stakeAmountWei(count, perValidatorEth) + depositGasWei(count, gasPriceWei) <= balanceWei) return null;
  return {
    message: StakeMessages.tooMuch,
    capacity: walletCapacity(
      maxAffordableValidators(balanceWei, gasPriceWei, perValidatorEth),
      perValidatorEth,
    ),
  };
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

/** The review step's lines ('Transaction Summary'): kind, amount per validator, count and total. */
export function stakeSummary(
  count: number,
  withdrawalAddress: string,
  kind: ValidatorKind = '0x01',
  perValidatorEth: number = ETH_PER_VALIDATOR,
) {
  return {
    kind: validatorKindTexts[kind].label,
    validators: count,
    ethPerValidator: perValidatorEth,
    totalEth: stakeAmountEth(count, perValidatorEth),
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

/** One deposit as MultipleDeposit.depositMultiple takes it (@payd/protocol's ValidatorBatchDeposit). */
export interface DepositArg {
  pubkey: `0x${string}`;
  withdrawal_credentials: `0x${string}`;
  signature: `0x${string}`;
  deposit_data_root: `0x${string}`;
  /** In wei: the amount the deposit data was signed for. */
  amount: bigint;
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
