// The pool mnemonic at rest, as staking/mnemonicVault.ts keeps customers' mnemonics: AES-256-GCM
// under a key derived from DATA_KEY (its own derivation label, so the two never share a key), with
// the pool_key row named in the associated data.
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

const VERSION = 'v1';

export class PoolKeyVault {
  private readonly key: Buffer;

  constructor(dataKey: string) {
    if (!dataKey) throw new Error('DATA_KEY is required to keep the pool mnemonic');
    this.key = createHmac('sha256', dataKey).update('payd:pool-mnemonic:v1').digest();
  }

  encrypt(mnemonic: string, keyId: number): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(`pool_key:${keyId}`));
    const body = Buffer.concat([cipher.update(mnemonic, 'utf8'), cipher.final()]);
    return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
  }

  /** Throws when the ciphertext was altered, moved to another row or made under another key. */
  decrypt(stored: string, keyId: number): string {
    const [version, b64] = stored.split(':');
    if (version !== VERSION || !b64) throw new Error('unknown pool mnemonic format');
    const raw = Buffer.from(b64, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(`pool_key:${keyId}`));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }
}
