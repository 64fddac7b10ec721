import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fromHex, toHex } from './bytes.ts';
import { blsSign, blsVerify, secretKeyToPublicKey } from './bls.ts';

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
});
