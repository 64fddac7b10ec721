// The wallet mnemonic at rest: AES-256-GCM under a key derived from DATA_KEY, bound to its wallet
// row (the wallet id is the associated data), so a ciphertext copied to another row does not open.
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

const VERSION = 'v1';

export class MnemonicVault {
  private readonly key: Buffer;

  constructor(dataKey: string) {
    if (!dataKey) throw new Error('DATA_KEY is required to keep mnemonics');
    this.key = createHmac('sha256', dataKey).update('payd:mnemonic:v1').digest();
  }

  encrypt(mnemonic: string, walletId: number): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(`eth2_wallet:${walletId}`));
    const body = Buffer.concat([cipher.update(mnemonic, 'utf8'), cipher.final()]);
    return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
  }

  /** Throws when the ciphertext was altered, moved to another wallet or made under another key. */
  decrypt(stored: string, walletId: number): string {
    const [version, b64] = stored.split(':');
    if (version !== VERSION || !b64) throw new Error('unknown mnemonic format');
    const raw = Buffer.from(b64, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(`eth2_wallet:${walletId}`));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }
}
