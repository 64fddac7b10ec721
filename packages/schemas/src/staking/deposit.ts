// The validator deposit both the server (creating validators, exporting keys) and the web (checking
// the deposit data before the wallet signs it) work with: 32 ETH per validator (spec 001 section 9),
// and DepositJson5, the base64 JSON array whose first item is the validator's deposit data.

/** ETH each validator deposit carries. */
export const ETH_PER_VALIDATOR = 32;
/** The same in gwei, as deposit data carries it. */
export const GWEI_PER_VALIDATOR = 32_000_000_000;
/** The same in wei, as a transaction's value carries it. */
export const WEI_PER_VALIDATOR = 32n * 10n ** 18n;

/** One deposit_data-*.json item (the staking-deposit-cli format @payd/validator-keys writes). */
export interface DepositJsonEntry {
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

/** DepositJson5 → its validator's deposit data; throws when it is not a non-empty JSON array. */
export function decodeDepositJson(b64: string): DepositJsonEntry {
  const bin = atob(b64);
  const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
  const parsed = JSON.parse(new TextDecoder().decode(bytes)) as unknown;
  if (!Array.isArray(parsed) || !parsed[0] || typeof parsed[0] !== 'object')
    throw new Error('empty deposit data');
  return parsed[0] as DepositJsonEntry;
}
