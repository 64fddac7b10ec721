// EIP-2335 BLS12-381 keystores (version 4): scrypt or PBKDF2-SHA256 key derivation, SHA-256 checksum,
// AES-128-CTR cipher. Passwords are NFKD-normalized with C0, C1 and DEL control codes stripped.
import { ctr } from '@noble/ciphers/aes.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { pbkdf2Async } from '@noble/hashes/pbkdf2.js';
import { scryptAsync } from '@noble/hashes/scrypt.js';
import { randomBytes } from '@noble/hashes/utils.js';
import { concat, equalBytes, fromHex, toHex, utf8 } from './bytes.ts';
import { secretKeyToPublicKey } from './bls.ts';

export interface KeystoreModule<P> {
  function: string;
  params: P;
  message: string;
}

export interface ScryptParams {
  dklen: number;
  n: number;
  r: number;
  p: number;
  salt: string;
}

export interface Pbkdf2Params {
  dklen: number;
  c: number;
  prf: 'hmac-sha256';
  salt: string;
}

export interface Keystore {
  crypto: {
    kdf: KeystoreModule<ScryptParams | Pbkdf2Params>;
    checksum: KeystoreModule<Record<string, never>>;
    cipher: KeystoreModule<{ iv: string }>;
  };
  description: string;
  pubkey: string;
  path: string;
  uuid: string;
  version: 4;
}

export interface CreateKeystoreOptions {
  kdf?: 'scrypt' | 'pbkdf2';
  /** EIP-2334 path of the key ('' when unknown). */
  path?: string;
  description?: string;
  /** scrypt cost; 2^18 by default (staking-deposit-cli). Lower only for tests. */
  scryptN?: number;
  /** PBKDF2 iterations; 2^18 by default. */
  pbkdf2C?: number;
  /** Fixed salt (32 bytes hex), IV (16 bytes hex) and uuid, for reproducing a known keystore. */
  salt?: string;
  iv?: string;
  uuid?: string;
}

/** EIP-2335 password processing: NFKD, strip C0 (0x00-0x1F), DEL (0x7F) and C1 (0x80-0x9F), UTF-8. */
export function processPassword(password: string): Uint8Array {
  let out = '';
  for (const ch of password.normalize('NFKD')) {
    const cp = ch.codePointAt(0)!;
    if (cp <= 0x1f || (cp >= 0x7f && cp <= 0x9f)) continue;
    out += ch;
  }
  return utf8(out);
}

async function decryptionKey(kdf: Keystore['crypto']['kdf'], password: string): Promise<Uint8Array> {
  const pw = processPassword(password);
  if (kdf.function === 'scrypt') {
    const p = kdf.params as ScryptParams;
    return scryptAsync(pw, fromHex(p.salt), { N: p.n, r: p.r, p: p.p, dkLen: p.dklen, maxmem: 2 ** 31 });
  }
  if (kdf.function === 'pbkdf2') {
    const p = kdf.params as Pbkdf2Params;
    if (p.prf !== 'hmac-sha256') throw new Error(`unsupported prf ${String(p.prf)}`);
    return pbkdf2Async(sha256, pw, fromHex(p.salt), { c: p.c, dkLen: p.dklen });
  }
  throw new Error(`unsupported kdf ${kdf.function}`);
}

function checksumOf(dk: Uint8Array, cipherMessage: Uint8Array): Uint8Array {
  return sha256(concat(dk.subarray(16, 32), cipherMessage));
}

function uuidV4(): string {
  const b = randomBytes(16);
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = toHex(b);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Encrypts a 32-byte BLS secret key into an EIP-2335 keystore. */
export async function createKeystore(
  secret: Uint8Array | string,
  password: string,
  opts: CreateKeystoreOptions = {},
): Promise<Keystore> {
  const secretBytes = typeof secret === 'string' ? fromHex(secret, 32, 'secret') : secret;
  if (secretBytes.length !== 32) throw new Error('secret must be 32 bytes');
  const salt = opts.salt ?? toHex(randomBytes(32));
  const iv = fromHex(opts.iv ?? toHex(randomBytes(16)), 16, 'iv');
  const kdf: Keystore['crypto']['kdf'] =
    (opts.kdf ?? 'scrypt') === 'scrypt'
      ? {
          function: 'scrypt',
          params: { dklen: 32, n: opts.scryptN ?? 262144, r: 8, p: 1, salt },
          message: '',
        }
      : {
          function: 'pbkdf2',
          params: { dklen: 32, c: opts.pbkdf2C ?? 262144, prf: 'hmac-sha256', salt },
          message: '',
        };
  const dk = await decryptionKey(kdf, password);
  const cipherMessage = ctr(dk.subarray(0, 16), iv).encrypt(secretBytes);
  return {
    crypto: {
      kdf,
      checksum: { function: 'sha256', params: {}, message: toHex(checksumOf(dk, cipherMessage)) },
      cipher: { function: 'aes-128-ctr', params: { iv: toHex(iv) }, message: toHex(cipherMessage) },
    },
    description: opts.description ?? '',
    pubkey: toHex(secretKeyToPublicKey(secretBytes)),
    path: opts.path ?? '',
    uuid: opts.uuid ?? uuidV4(),
    version: 4,
  };
}

/** Decrypts an EIP-2335 keystore; throws 'invalid password' when the checksum does not match. */
export async function decryptKeystore(keystore: Keystore, password: string): Promise<Uint8Array> {
  if (keystore.version !== 4) throw new Error('unsupported keystore version');
  const { kdf, checksum, cipher } = keystore.crypto;
  if (checksum.function !== 'sha256') throw new Error(`unsupported checksum ${checksum.function}`);
  if (cipher.function !== 'aes-128-ctr') throw new Error(`unsupported cipher ${cipher.function}`);
  const dk = await decryptionKey(kdf, password);
  const cipherMessage = fromHex(cipher.message);
  if (!equalBytes(checksumOf(dk, cipherMessage), fromHex(checksum.message, 32, 'checksum')))
    throw new Error('invalid password');
  return ctr(dk.subarray(0, 16), fromHex(cipher.params.iv, 16, 'iv')).decrypt(cipherMessage);
}
