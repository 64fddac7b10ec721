// Withdrawal credentials (consensus specs: BLS_WITHDRAWAL_PREFIX, ETH1_ADDRESS_WITHDRAWAL_PREFIX and,
// since Electra, COMPOUNDING_WITHDRAWAL_PREFIX of EIP-7251) and the execution address they pay out to.
import type { ValidatorKind } from '@payd/schemas/deposit';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { fromHex, toHex, utf8 } from './bytes.ts';

export const BLS_WITHDRAWAL_PREFIX = 0x00;
export const ETH1_ADDRESS_WITHDRAWAL_PREFIX = 0x01;
export const COMPOUNDING_WITHDRAWAL_PREFIX = 0x02;

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

/** prefix + 11 zero bytes + the 20-byte execution address: the layout 0x01 and 0x02 share. */
function addressCredentials(prefix: number, address: string): Uint8Array {
  const wc = new Uint8Array(32);
  wc[0] = prefix;
  wc.set(parseExecutionAddress(address), 12);
  return wc;
}

/** 0x01 credentials: ETH1_ADDRESS_WITHDRAWAL_PREFIX + 11 zero bytes + the 20-byte execution address. */
export function executionWithdrawalCredentials(address: string): Uint8Array {
  return addressCredentials(ETH1_ADDRESS_WITHDRAWAL_PREFIX, address);
}

/** 0x02 credentials (EIP-7251): COMPOUNDING_WITHDRAWAL_PREFIX + 11 zero bytes + the execution address. */
export function compoundingWithdrawalCredentials(address: string): Uint8Array {
  return addressCredentials(COMPOUNDING_WITHDRAWAL_PREFIX, address);
}

/** The credentials of a validator of `kind` ('0x01' or '0x02') paying out to `address`. */
export function withdrawalCredentialsFor(kind: ValidatorKind, address: string): Uint8Array {
  if (kind === '0x01') return executionWithdrawalCredentials(address);
  if (kind === '0x02') return compoundingWithdrawalCredentials(address);
  throw new Error(`unknown validator kind ${String(kind)}`);
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

/**
 * Why 32 bytes of credentials are not ones a deposit should carry, or null: a prefix other than
 * 0x00, 0x01, 0x02, or 0x01/0x02 without the 11 zero bytes before the address (the check
 * ethstaker-deposit-cli's validate_deposit makes too; the beacon chain would accept the deposit and
 * the validator could never be withdrawn from).
 */
export function credentialsProblem(wc: Uint8Array): string | null {
  const prefix = wc[0];
  if (prefix === BLS_WITHDRAWAL_PREFIX) return null;
  if (prefix !== ETH1_ADDRESS_WITHDRAWAL_PREFIX && prefix !== COMPOUNDING_WITHDRAWAL_PREFIX)
    return 'withdrawal_credentials must start with 00, 01 or 02';
  if (wc.subarray(1, 12).some((b) => b !== 0))
    return 'withdrawal_credentials of an execution address need 11 zero bytes after the prefix';
  return null;
}
