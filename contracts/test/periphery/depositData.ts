// An independent TypeScript computation of the SSZ roots the deposit contract checks, and the
// published deposit data the tests feed it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { concat, sha256, type Hex } from 'viem';

/** One entry of a staking-deposit-cli deposit_data file (hex without 0x, amount in gwei). */
export type DepositDataJson = {
  pubkey: string;
  withdrawal_credentials: string;
  amount: number;
  signature: string;
  deposit_data_root: string;
};

export type DepositDataArgs = {
  pubkey: Hex;
  withdrawal_credentials: Hex;
  signature: Hex;
  deposit_data_root: Hex;
  /** in wei */
  value: bigint;
};

export function loadDeposits(file: string): DepositDataArgs[] {
  const entries = JSON.parse(readFileSync(join(__dirname, 'fixtures', file), 'utf8')) as DepositDataJson[];
  return entries.map((e) => ({
    pubkey: `0x${e.pubkey}`,
    withdrawal_credentials: `0x${e.withdrawal_credentials}`,
    signature: `0x${e.signature}`,
    deposit_data_root: `0x${e.deposit_data_root}`,
    value: BigInt(e.amount) * 1_000_000_000n,
  }));
}

const zeros = (n: number): Hex => `0x${'00'.repeat(n)}`;

/** 8-byte little-endian encoding, as the deposit contract emits amounts and indexes. */
export function littleEndian64(value: bigint): Hex {
  let out = '0x';
  for (let i = 0n; i < 8n; i++) out += ((value >> (8n * i)) & 0xffn).toString(16).padStart(2, '0');
  return out as Hex;
}

/** hash_tree_root(DepositData) of consensus-specs: pubkey, withdrawal_credentials, amount (gwei), signature. */
export function depositDataRoot(d: Omit<DepositDataArgs, 'deposit_data_root'>): Hex {
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

/** hash_tree_root(List[DepositData, 2**32]) from the leaf roots: a depth-32 Merkle tree mixed in with the length. */
export function depositRoot(leaves: Hex[]): Hex {
  let level = leaves.slice();
  let zero: Hex = zeros(32);
  for (let depth = 0; depth < 32; depth++) {
    if (level.length % 2 === 1) level.push(zero);
    const next: Hex[] = [];
    for (let i = 0; i < level.length; i += 2) next.push(sha256(concat([level[i], level[i + 1]])));
    level = next.length ? next : [sha256(concat([zero, zero]))];
    zero = sha256(concat([zero, zero]));
  }
  return sha256(concat([level[0], littleEndian64(BigInt(leaves.length)), zeros(24)]));
}

/** A deposit with a made-up key and signature but a correct root: the contract checks roots, not BLS signatures. */
export function syntheticDeposit(seed: number, value = 32n * 10n ** 18n): DepositDataArgs {
  const byte = (seed % 256).toString(16).padStart(2, '0');
  const d = {
    pubkey: `0x${byte.repeat(48)}` as Hex,
    withdrawal_credentials: `0x01${'00'.repeat(11)}${byte.repeat(20)}` as Hex,
    signature: `0x${byte.repeat(96)}` as Hex,
    value,
  };
  return { ...d, deposit_data_root: depositDataRoot(d) };
}
