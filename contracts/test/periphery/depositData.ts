// An independent TypeScript computation of the SSZ roots the deposit contract checks, and the
// published deposit data the tests feed it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { concat, sha256, type Hex } from 'viem';
import { depositDataRoot, littleEndian64 } from '../../scripts/depositDataRoot';

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

export { depositDataRoot, littleEndian64 } from '../../scripts/depositDataRoot';

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

/**
 * A deposit with a made-up key and signature but a correct root: the contract checks roots, not BLS
 * signatures. `prefix` '02' makes compounding (EIP-7251) credentials.
 */
export function syntheticDeposit(
  seed: number,
  value = 32n * 10n ** 18n,
  prefix: '01' | '02' = '01',
): DepositDataArgs {
  const byte = (seed % 256).toString(16).padStart(2, '0');
  const d = {
    pubkey: `0x${byte.repeat(48)}` as Hex,
    withdrawal_credentials: `0x${prefix}${'00'.repeat(11)}${byte.repeat(20)}` as Hex,
    signature: `0x${byte.repeat(96)}` as Hex,
    value,
  };
  return { ...d, deposit_data_root: depositDataRoot(d) };
}
