// The deposit contract's own deposit_data_root, computed the way DepositContract.deposit() builds it
// by hand from its arguments (not through the SSZ code under test): tests compare it with the roots
// the package writes.
import { sha256 } from '@noble/hashes/sha2.js';
import { concat, fromHex, toHex, uint64LE } from './bytes.ts';

export function depositContractRoot(e: {
  pubkey: string;
  withdrawal_credentials: string;
  amount: number | bigint;
  signature: string;
}): string {
  const sig = fromHex(e.signature);
  const pubkeyRoot = sha256(concat(fromHex(e.pubkey), new Uint8Array(16)));
  const signatureRoot = sha256(
    concat(sha256(sig.subarray(0, 64)), sha256(concat(sig.subarray(64), new Uint8Array(32)))),
  );
  return toHex(
    sha256(
      concat(
        sha256(concat(pubkeyRoot, fromHex(e.withdrawal_credentials))),
        sha256(concat(uint64LE(BigInt(e.amount)), new Uint8Array(24), signatureRoot)),
      ),
    ),
  );
}
