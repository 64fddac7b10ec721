import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fromHex, toHex } from './bytes.ts';
import {
  blsSign,
  blsSignHashed,
  blsVerify,
  blsVerifyBatchHashed,
  hashToG2,
  secretKeyToPublicKey,
} from './bls.ts';

const vectors = JSON.parse(readFileSync(new URL('../test-vectors/bls.json', import.meta.url), 'utf8')) as {
  sign: { privkey: string; message: string; signature: string }[];
  skToPk: { privkey: string; pubkey: string }[];
};

describe('BLS against the consensus-spec BLS tests (POP ciphersuite)', () => {
  it.each(vectors.skToPk)('SkToPk $privkey', ({ privkey, pubkey }) => {
    expect(toHex(secretKeyToPublicKey(fromHex(privkey)))).toBe(pubkey);
  });

  it.each(vectors.sign)('Sign and Verify with $privkey', ({ privkey, message, signature }) => {
    const sk = fromHex(privkey);
    expect(toHex(blsSign(sk, fromHex(message)))).toBe(signature);
    const pk = secretKeyToPublicKey(sk);
    expect(blsVerify(pk, fromHex(message), fromHex(signature))).toBe(true);
    const other = new Uint8Array(32).fill(0xab);
    expect(blsVerify(pk, other, fromHex(signature))).toBe(false);
  });

  it('rejects the identity public key and signature, and a zero secret key', () => {
    const infinityPk = fromHex(`c0${'00'.repeat(47)}`);
    const infinitySig = fromHex(`c0${'00'.repeat(95)}`);
    expect(blsVerify(infinityPk, new Uint8Array(32), infinitySig)).toBe(false);
    expect(() => blsSign(new Uint8Array(32), new Uint8Array(32))).toThrow(/out of range/);
  });

  it('signs a message hashed once the same as blsSign', () => {
    for (const { privkey, message, signature } of vectors.sign)
      expect(toHex(blsSignHashed(fromHex(privkey), hashToG2(fromHex(message))))).toBe(signature);
  });
});

describe('batch verification of signatures over hashed messages', () => {
  const items = vectors.sign.slice(0, 4).map(({ privkey, message, signature }) => ({
    publicKey: secretKeyToPublicKey(fromHex(privkey)),
    hashed: hashToG2(fromHex(message)),
    signature: fromHex(signature),
  }));

  it('accepts a batch of valid signatures (and an empty one)', () => {
    expect(new Set(vectors.sign.slice(0, 4).map((v) => v.message)).size).toBeGreaterThan(1);
    expect(blsVerifyBatchHashed(items)).toBe(true);
    expect(blsVerifyBatchHashed([])).toBe(true);
  });

  it('rejects a batch with one signature of another message, a swapped pair, or a malformed item', () => {
    const other = { ...items[1]!, hashed: hashToG2(new Uint8Array(32).fill(0xab)) };
    expect(blsVerifyBatchHashed([items[0]!, other, items[2]!])).toBe(false);
    const swapped = [
      { ...items[0]!, signature: items[1]!.signature },
      { ...items[1]!, signature: items[0]!.signature },
    ];
    expect(blsVerifyBatchHashed(swapped)).toBe(false);
    const flipped = Uint8Array.from(items[0]!.signature);
    flipped[95] = flipped[95]! ^ 1;
    expect(blsVerifyBatchHashed([{ ...items[0]!, signature: flipped }, items[1]!])).toBe(false);
    const infinity = fromHex(`c0${'00'.repeat(47)}`);
    expect(blsVerifyBatchHashed([{ ...items[0]!, publicKey: infinity }])).toBe(false);
  });
});
