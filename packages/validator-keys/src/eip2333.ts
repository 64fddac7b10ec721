// EIP-2333 (BLS12-381 key generation) and EIP-2334 (deterministic account hierarchy), function by
// function as the EIP names them: IKM_to_lamport_SK, parent_SK_to_lamport_PK, HKDF_mod_r,
// derive_child_SK, derive_master_SK.
import { sha256 } from '@noble/hashes/sha2.js';
import { expand, extract } from '@noble/hashes/hkdf.js';
import { concat, i2osp, os2ip, utf8 } from './bytes.ts';
import { CURVE_ORDER } from './bls.ts';

const K = 32;
const LAMPORT_L = K * 255;
/** L = ceil((3 * ceil(log2(r))) / 16) = 48. */
const HKDF_MOD_R_L = 48;
const KEYGEN_SALT = utf8('BLS-SIG-KEYGEN-SALT-');

/** IKM_to_lamport_SK(IKM, salt): 255 chunks of 32 bytes from HKDF-SHA256. */
export function ikmToLamportSK(ikm: Uint8Array, salt: Uint8Array): Uint8Array[] {
  const prk = extract(sha256, ikm, salt);
  const okm = expand(sha256, prk, new Uint8Array(0), LAMPORT_L);
  const chunks: Uint8Array[] = [];
  for (let i = 0; i < 255; i++) chunks.push(okm.subarray(i * K, (i + 1) * K));
  return chunks;
}

function assertIndex(index: number): void {
  if (!Number.isInteger(index) || index < 0 || index > 0xffffffff)
    throw new Error('index must be 0 <= index < 2^32');
}

/** parent_SK_to_lamport_PK(parent_SK, index): the compressed Lamport public key (32 bytes). */
export function parentSKToLamportPK(parentSK: bigint, index: number): Uint8Array {
  assertIndex(index);
  const salt = i2osp(index, 4);
  const ikm = i2osp(parentSK, 32);
  const lamport0 = ikmToLamportSK(ikm, salt);
  const notIkm = ikm.map((b) => ~b & 0xff);
  const lamport1 = ikmToLamportSK(notIkm, salt);
  const lamportPK = new Uint8Array(2 * 255 * K);
  let o = 0;
  for (const sk of lamport0) {
    lamportPK.set(sha256(sk), o);
    o += K;
  }
  for (const sk of lamport1) {
    lamportPK.set(sha256(sk), o);
    o += K;
  }
  return sha256(lamportPK);
}

/** HKDF_mod_r(IKM, key_info): hashes at least 32 bytes of entropy to a secret key 0 < SK < r. */
export function hkdfModR(ikm: Uint8Array, keyInfo: Uint8Array = new Uint8Array(0)): bigint {
  let salt = KEYGEN_SALT;
  let sk = 0n;
  while (sk === 0n) {
    salt = sha256(salt);
    const prk = extract(sha256, concat(ikm, i2osp(0, 1)), salt);
    const okm = expand(sha256, prk, concat(keyInfo, i2osp(HKDF_MOD_R_L, 2)), HKDF_MOD_R_L);
    sk = os2ip(okm) % CURVE_ORDER;
  }
  return sk;
}

/** derive_child_SK(parent_SK, index). */
export function deriveChildSK(parentSK: bigint, index: number): bigint {
  return hkdfModR(parentSKToLamportPK(parentSK, index));
}

/** derive_master_SK(seed): seed is at least 32 bytes (a BIP-39 seed is 64). */
export function deriveMasterSK(seed: Uint8Array): bigint {
  if (seed.length < 32) throw new Error('seed must be at least 32 bytes');
  return hkdfModR(seed);
}

/** EIP-2334 path string ("m/12381/3600/0/0/0") to its indices. */
export function parsePath(path: string): number[] {
  const parts = path.trim().split('/');
  if (parts[0] !== 'm') throw new Error('path must start with m');
  return parts.slice(1).map((p) => {
    if (!/^\d+$/.test(p)) throw new Error(`invalid path segment "${p}"`);
    const n = Number(p);
    assertIndex(n);
    return n;
  });
}

/** The secret key at an EIP-2334 path below the master key derived from seed. */
export function deriveKeyFromPath(seed: Uint8Array, path: string): bigint {
  let sk = deriveMasterSK(seed);
  for (const index of parsePath(path)) sk = deriveChildSK(sk, index);
  return sk;
}

/** EIP-2334 validator paths: withdrawal m/12381/3600/i/0 and signing m/12381/3600/i/0/0. */
export function withdrawalKeyPath(index: number): string {
  assertIndex(index);
  return `m/12381/3600/${index}/0`;
}

export function signingKeyPath(index: number): string {
  assertIndex(index);
  return `m/12381/3600/${index}/0/0`;
}

/** A secret key integer as the 32-byte big-endian octet string BLS libraries take. */
export function secretKeyToBytes(sk: bigint): Uint8Array {
  return i2osp(sk, 32);
}
