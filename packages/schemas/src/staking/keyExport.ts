// Taking the keys away (issue 17): per validator, its deposit data (the staking-deposit-cli
// `deposit_data-<unix time>.json` the Launchpad accepts) and its EIP-2335 keystore
// (`keystore-m_12381_3600_<i>_0_0-<unix time>.json`) encrypted with a password the person chooses.
import { z } from 'zod';
import { depositJsonEntry, type DepositJsonEntry } from './deposit.ts';

export const KEYSTORE_PASSWORD_MIN_LENGTH = 8;

export const keyExportMessages = {
  passwordRequired: 'Please choose a password for the keystore',
  passwordTooShort: `The keystore password must be at least ${KEYSTORE_PASSWORD_MIN_LENGTH} characters long`,
  passwordsDiffer: 'The passwords do not match',
  busy: 'Keystores are being made for other people right now. Please try again in a moment.',
} as const;

/** A validator's BLS public key in a staking call's body: 48 bytes hex, with or without 0x. */
export const validatorPubkeyField = z
  .string()
  .trim()
  .regex(/^(0x)?[0-9a-fA-F]{96}$/, 'Must be a validator public key (48 bytes hex)');

const pubkey = validatorPubkeyField;

const keystorePassword = {
  KeystorePassword: z
    .string({ error: keyExportMessages.passwordRequired })
    .min(1, keyExportMessages.passwordRequired)
    .min(KEYSTORE_PASSWORD_MIN_LENGTH, keyExportMessages.passwordTooShort)
    .max(256),
  ConfirmKeystorePassword: z.string({ error: keyExportMessages.passwordsDiffer }).max(256),
};
const passwordsMatch: [
  (b: { KeystorePassword: string; ConfirmKeystorePassword: string }) => boolean,
  { message: string; path: string[] },
] = [
  (b) => b.KeystorePassword === b.ConfirmKeystorePassword,
  { message: keyExportMessages.passwordsDiffer, path: ['ConfirmKeystorePassword'] },
];

/** The keystore password the person chooses, and its confirmation (the web form). */
export const keystorePasswordForm = z.object(keystorePassword).refine(...passwordsMatch);

/** A wallet named by its withdrawal address in a staking call's body (matched case-insensitively). */
export const walletAddressField = z.string().trim().min(1).max(64);

/** Eth2WalletWs GetDepositData: one validator's deposit data, or every validator of the wallet. */
export const getDepositDataBody = z.object({
  walletAddress: walletAddressField,
  pubkey: pubkey.optional(),
});

/** Eth2WalletWs GetKeystore: one validator's keystore (needs a recent proven sign-in). */
export const getKeystoreBody = z
  .object({ walletAddress: walletAddressField, pubkey, ...keystorePassword })
  .refine(...passwordsMatch);

/** One item of a deposit data file (the staking-deposit-cli format). */
export type DepositDataFileEntry = DepositJsonEntry;

export const getDepositDataReply = z.strictObject({
  /** deposit_data-<unix seconds>.json */
  FileName: z.string(),
  DepositData: z.array(depositJsonEntry),
});
export type GetDepositDataReply = z.output<typeof getDepositDataReply>;

export const getKeystoreReply = z.strictObject({
  /** keystore-m_12381_3600_<i>_0_0-<unix seconds>.json */
  FileName: z.string(),
  /** The EIP-2335 keystore (version 4), as JSON. */
  Keystore: z.record(z.string(), z.unknown()),
  /** The key derivation used: PBKDF2-HMAC-SHA256, 262144 iterations. */
  Kdf: z.literal('pbkdf2'),
});
export type GetKeystoreReply = z.output<typeof getKeystoreReply>;

export function depositDataFileName(unixSeconds: number): string {
  return `deposit_data-${unixSeconds}.json`;
}

export function keystoreFileName(index: number, unixSeconds: number): string {
  return `keystore-m_12381_3600_${index}_0_0-${unixSeconds}.json`;
}
