// The validator deposit both the server (creating validators, exporting keys) and the web (checking
// the deposit data before the wallet signs it) work with: 32 ETH per validator (spec 001 section 9),
// the two kinds of validator since Pectra and their amounts (issue 25), and DepositJson5, the base64
// JSON array whose first item is the validator's deposit data.
import { z } from 'zod';

/** ETH each validator deposit carries (spec 001's 32-ETH validators). */
export const ETH_PER_VALIDATOR = 32;
/** The same in gwei, as deposit data carries it. */
export const GWEI_PER_VALIDATOR = 32_000_000_000;
/** The same in wei, as a transaction's value carries it. */
export const WEI_PER_VALIDATOR = 32n * 10n ** 18n;

/**
 * The two kinds of validator payd creates, named by the first byte of their withdrawal credentials:
 * 0x01 (ETH1_ADDRESS_WITHDRAWAL_PREFIX: MAX_EFFECTIVE_BALANCE 32 ETH, everything above is swept) and
 * 0x02 (COMPOUNDING_WITHDRAWAL_PREFIX, EIP-7251: MAX_EFFECTIVE_BALANCE_ELECTRA 2048 ETH, rewards compound).
 */
export const VALIDATOR_KINDS = ['0x01', '0x02'] as const;
export type ValidatorKind = (typeof VALIDATOR_KINDS)[number];

/**
 * What the stake page offers first (issue 25): 0x02, the kind ethereum.org recommends since Pectra.
 * An API caller that names no kind still gets DEFAULT_STAKE_KIND (0x01), as before.
 */
export const STAKE_PAGE_KIND: ValidatorKind = '0x02';

/** How the stake page and the validator lists name each kind and say what it means, in one sentence. */
export const validatorKindTexts: Readonly<Record<ValidatorKind, { label: string; explained: string }>> = {
  '0x02': {
    label: 'Compounding (0x02)',
    explained: 'Rewards compound: one validator can hold up to 2048 ETH.',
  },
  '0x01': {
    label: 'Regular (0x01)',
    explained: 'Exactly 32 ETH per validator: rewards above 32 ETH are paid out to your withdrawal address.',
  },
};

/** MIN_DEPOSIT_AMOUNT (consensus specs): the least a deposit may carry, 1 ETH; a top-up may be this little. */
export const MIN_DEPOSIT_ETH = 1;
/** MIN_ACTIVATION_BALANCE (electra): what a new validator needs to be activated, 32 ETH. */
export const MIN_ACTIVATION_ETH = 32;
/**
 * MAX_EFFECTIVE_BALANCE_ELECTRA: the most a 0x02 validator counts, 2048 ETH; also the most one deposit
 * may carry (ethstaker-deposit-cli's MAX_DEPOSIT_AMOUNT).
 */
export const MAX_DEPOSIT_ETH = 2048;
/** The same bounds in gwei, as deposit data carries them. */
export const MIN_DEPOSIT_GWEI = 1_000_000_000;
export const MAX_DEPOSIT_GWEI = 2_048_000_000_000;

/** Why a deposit amount cannot be taken, in the words the stake and top-up screens show. */
export const depositAmountMessages = {
  wholeEth: 'Enter a whole number of ETH',
  topUpRange: `A deposit must be between ${MIN_DEPOSIT_ETH} and ${MAX_DEPOSIT_ETH} ETH`,
  compoundingRange: `A compounding (0x02) validator takes between ${MIN_ACTIVATION_ETH} and ${MAX_DEPOSIT_ETH} ETH`,
  regularAmount: `A 0x01 validator takes exactly ${ETH_PER_VALIDATOR} ETH; choose 0x02 for more`,
  kind: "The validator kind must be '0x01' or '0x02'",
} as const;

/**
 * The amount (whole ETH) a NEW validator of `kind` may be created with, or why not: a 0x01 validator
 * exactly 32 ETH (more would only be swept back, as ethstaker-deposit-cli also fixes it at 32 without
 * --compounding), a 0x02 one from MIN_ACTIVATION_BALANCE to MAX_EFFECTIVE_BALANCE_ELECTRA.
 */
export function newValidatorAmountProblem(kind: ValidatorKind, amountEth: number): string | null {
  if (!Number.isSafeInteger(amountEth)) return depositAmountMessages.wholeEth;
  if (kind === '0x01') return amountEth === ETH_PER_VALIDATOR ? null : depositAmountMessages.regularAmount;
  if (amountEth < MIN_ACTIVATION_ETH || amountEth > MAX_DEPOSIT_ETH)
    return depositAmountMessages.compoundingRange;
  return null;
}

/** The amount (whole ETH) of a top-up to an existing validator, or why not: 1 to 2048 ETH. */
export function topUpAmountProblem(amountEth: number): string | null {
  if (!Number.isSafeInteger(amountEth)) return depositAmountMessages.wholeEth;
  if (amountEth < MIN_DEPOSIT_ETH || amountEth > MAX_DEPOSIT_ETH) return depositAmountMessages.topUpRange;
  return null;
}

/** The kind of a validator from its withdrawal credentials (hex, with or without 0x); null for 0x00 and others. */
export function validatorKindOf(withdrawalCredentials: string): ValidatorKind | null {
  const prefix = withdrawalCredentials.replace(/^0x/i, '').slice(0, 2);
  return prefix === '01' ? '0x01' : prefix === '02' ? '0x02' : null;
}

/** One deposit_data-*.json item (the staking-deposit-cli format @payd/validator-keys writes). */
export const depositJsonEntry = z.strictObject({
  pubkey: z.string(),
  withdrawal_credentials: z.string(),
  /** In gwei, as deposited. */
  amount: z.number().int(),
  signature: z.string(),
  deposit_message_root: z.string(),
  deposit_data_root: z.string(),
  fork_version: z.string(),
  network_name: z.string(),
  deposit_cli_version: z.string(),
});
export type DepositJsonEntry = z.output<typeof depositJsonEntry>;

/** DepositJson5 → its validator's deposit data; throws when it is not a non-empty JSON array. */
export function decodeDepositJson(b64: string): DepositJsonEntry {
  const bin = atob(b64);
  const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
  const parsed = JSON.parse(new TextDecoder().decode(bytes)) as unknown;
  if (!Array.isArray(parsed) || !parsed[0] || typeof parsed[0] !== 'object')
    throw new Error('empty deposit data');
  return parsed[0] as DepositJsonEntry;
}
