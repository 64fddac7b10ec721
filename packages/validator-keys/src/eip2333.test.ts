import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fromHex, toHex } from './bytes.ts';
import {
  deriveChildSK,
  deriveKeyFromPath,
  deriveMasterSK,
  ikmToLamportSK,
  parentSKToLamportPK,
  parsePath,
  signingKeyPath,
  withdrawalKeyPath,
} from './eip2333.ts';
import { i2osp } from './bytes.ts';
import { mnemonicToSeed } from './mnemonic.ts';

interface Case {
  seed: string;
  master_SK: string;
  child_index: number;
  child_SK: string;
  mnemonic?: string;
  passphrase?: string;
  compressed_lamport_PK?: string;
  lamport_0_first?: string;
}
const { cases } = JSON.parse(
  readFileSync(new URL('../test-vectors/eip2333.json', import.meta.url), 'utf8'),
) as {
  cases: Case[];
};

describe('EIP-2333 test cases', () => {
  it('has all four cases of the EIP', () => expect(cases).toHaveLength(4));

  it.each(cases.map((c, i) => [i, c] as const))('test case %i: seed → master_SK → child_SK', (_i, c) => {
    const master = deriveMasterSK(fromHex(c.seed));
    expect(master).toBe(BigInt(c.master_SK));
    expect(deriveChildSK(master, c.child_index)).toBe(BigInt(c.child_SK));
  });

  it('test case 0 from its BIP-39 mnemonic and passphrase', () => {
    const c = cases[0]!;
    expect(toHex(mnemonicToSeed(c.mnemonic!, c.passphrase))).toBe(c.seed);
  });

  it('reproduces the intermediate values of the EIP (lamport_0[0] and compressed_lamport_PK)', () => {
    const c = cases[0]!;
    const lamport0 = ikmToLamportSK(i2osp(BigInt(c.master_SK), 32), i2osp(c.child_index, 4));
    expect(lamport0).toHaveLength(255);
    expect(toHex(lamport0[0]!)).toBe(c.lamport_0_first);
    expect(toHex(parentSKToLamportPK(BigInt(c.master_SK), c.child_index))).toBe(c.compressed_lamport_PK);
  });
});

describe('EIP-2334 paths', () => {
  it('names the validator signing and withdrawal keys', () => {
    expect(signingKeyPath(7)).toBe('m/12381/3600/7/0/0');
    expect(withdrawalKeyPath(7)).toBe('m/12381/3600/7/0');
  });

  it('derives along a path one level at a time', () => {
    const seed = fromHex(cases[1]!.seed);
    const byHand = deriveChildSK(deriveChildSK(deriveMasterSK(seed), 12381), 3600);
    expect(deriveKeyFromPath(seed, 'm/12381/3600')).toBe(byHand);
    expect(deriveKeyFromPath(seed, 'm')).toBe(deriveMasterSK(seed));
  });

  it('rejects malformed paths and out-of-range indices', () => {
    expect(() => parsePath('12381/3600')).toThrow(/start with m/);
    expect(() => parsePath("m/44'/60")).toThrow(/invalid path segment/);
    expect(() => parsePath('m/4294967296')).toThrow(/2\^32/);
    expect(() => deriveMasterSK(new Uint8Array(31))).toThrow(/32 bytes/);
  });
});
