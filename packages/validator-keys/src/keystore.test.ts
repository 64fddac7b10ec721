import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { toHex } from './bytes.ts';
import { createKeystore, decryptKeystore, processPassword, type Keystore } from './keystore.ts';

const PASSWORD = '𝔱𝔢𝔰𝔱𝔭𝔞𝔰𝔰𝔴𝔬𝔯𝔡🔑';
const SECRET = '000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f';
const vector = (name: string): Keystore =>
  JSON.parse(readFileSync(new URL(`../test-vectors/${name}`, import.meta.url), 'utf8')) as Keystore;

describe('EIP-2335 test vectors', () => {
  it('processes the password as the EIP encodes it', () => {
    expect(toHex(processPassword(PASSWORD))).toBe('7465737470617373776f7264f09f9491');
  });

  it('decrypts the scrypt keystore', async () => {
    expect(toHex(await decryptKeystore(vector('eip2335-scrypt.json'), PASSWORD))).toBe(SECRET);
  }, 120_000);

  it('decrypts the PBKDF2 keystore, rejects a wrong password, and re-creates it exactly', async () => {
    const ks = vector('eip2335-pbkdf2.json');
    expect(toHex(await decryptKeystore(ks, PASSWORD))).toBe(SECRET);
    await expect(decryptKeystore(ks, 'testpassword')).rejects.toThrow('invalid password');
    const again = await createKeystore(SECRET, PASSWORD, {
      kdf: 'pbkdf2',
      salt: ks.crypto.kdf.params.salt,
      iv: ks.crypto.cipher.params.iv,
      uuid: ks.uuid,
      path: ks.path,
      description: ks.description,
    });
    expect(again).toEqual(ks);
  }, 120_000);
});

describe('keystore round trips', () => {
  const secret = Uint8Array.from({ length: 32 }, (_, i) => i + 1);

  it.each(['scrypt', 'pbkdf2'] as const)('%s: encrypt, decrypt, wrong password rejected', async (kdf) => {
    const ks = await createKeystore(secret, 'correct horse', {
      kdf,
      scryptN: 1024,
      pbkdf2C: 1000,
      path: 'm/12381/3600/0/0/0',
    });
    expect(ks.version).toBe(4);
    expect(ks.crypto.kdf.function).toBe(kdf);
    expect(ks.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(ks.pubkey).toHaveLength(96);
    expect(ks.crypto.cipher.message).not.toBe(toHex(secret));
    expect(await decryptKeystore(ks, 'correct horse')).toEqual(secret);
    await expect(decryptKeystore(ks, 'correct horse!')).rejects.toThrow('invalid password');
  });

  it('strips control codes and NFKD-normalizes before deriving the key', async () => {
    const ks = await createKeystore(secret, 'pass\u0000word\u007f\u0085', { kdf: 'pbkdf2', pbkdf2C: 1000 });
    expect(await decryptKeystore(ks, 'password')).toEqual(secret);
    const ks2 = await createKeystore(secret, 'ﬁ', { kdf: 'pbkdf2', pbkdf2C: 1000 });
    expect(await decryptKeystore(ks2, 'fi')).toEqual(secret);
    expect(toHex(processPassword(' a b '))).toBe('2061206220');
  });

  it('salts every keystore differently', async () => {
    const a = await createKeystore(secret, 'pw', { kdf: 'pbkdf2', pbkdf2C: 1000 });
    const b = await createKeystore(secret, 'pw', { kdf: 'pbkdf2', pbkdf2C: 1000 });
    expect(a.crypto.kdf.params.salt).not.toBe(b.crypto.kdf.params.salt);
    expect(a.crypto.cipher.message).not.toBe(b.crypto.cipher.message);
  });
});
