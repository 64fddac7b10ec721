// hash_tree_root(DepositData) of the consensus specs, computed with viem's sha256 the way the deposit
// contract rebuilds it from its arguments: the contract tests check the deposit contract against it,
// and the gas bench makes deposit data with correct roots from it.
import { concat, sha256, type Hex } from 'viem';

const zeros = (n: number): Hex => `0x${'00'.repeat(n)}`;

/** 8-byte little-endian encoding, as the deposit contract emits amounts and indexes. */
export function littleEndian64(value: bigint): Hex {
  let out = '0x';
  for (let i = 0n; i < 8n; i++) out += ((value >> (8n * i)) & 0xffn).toString(16).padStart(2, '0');
  return out as Hex;
}

/** hash_tree_root(DepositData): pubkey, withdrawal_credentials, amount (gwei; `value` is wei), signature. */
export function depositDataRoot(d: {
  pubkey: Hex;
  withdrawal_credentials: Hex;
  signature: Hex;
  value: bigint;
}): Hex {
  const pubkeyRoot = sha256(concat([d.pubkey, zeros(16)]));
  const signatureRoot = sha256(
    concat([
      sha256(`0x${d.signature.slice(2, 130)}`),
      sha256(concat([`0x${d.signature.slice(130)}`, zeros(32)])),
    ]),
  );
  const amount = concat([littleEndian64(d.value / 1_000_000_000n), zeros(24)]);
  return sha256(
    concat([sha256(concat([pubkeyRoot, d.withdrawal_credentials])), sha256(concat([amount, signatureRoot]))]),
  );
}
