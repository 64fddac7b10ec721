// BLS signatures as Ethereum uses them: the min-pubkey-size variant (48-byte G1 public keys, 96-byte
// G2 signatures) of draft-irtf-cfrg-bls-signature with the proof-of-possession ciphersuite.
import { bls12_381 } from '@noble/curves/bls12-381.js';

/** The Ethereum consensus ciphersuite (consensus-specs phase0: "BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_"). */
export const BLS_DST = 'BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_';

const sigs = bls12_381.longSignatures;

/** The subgroup order r of BLS12-381. */
export const CURVE_ORDER = bls12_381.fields.Fr.ORDER;

function assertSecretKey(secretKey: Uint8Array): void {
  if (secretKey.length !== 32) throw new Error('secret key must be 32 bytes');
  let v = 0n;
  for (const b of secretKey) v = (v << 8n) | BigInt(b);
  if (v === 0n || v >= CURVE_ORDER) throw new Error('secret key out of range');
}

/** SkToPk: the 48-byte compressed G1 public key. */
export function secretKeyToPublicKey(secretKey: Uint8Array): Uint8Array {
  assertSecretKey(secretKey);
  return sigs.getPublicKey(secretKey).toBytes(true);
}

/** Sign(SK, message): 96-byte compressed G2 signature. */
export function blsSign(secretKey: Uint8Array, message: Uint8Array): Uint8Array {
  assertSecretKey(secretKey);
  return sigs.Signature.toBytes(sigs.sign(sigs.hash(message, BLS_DST), secretKey));
}

/**
 * Verify(PK, message, signature), including KeyValidate (public key on the curve, in the subgroup, not
 * the identity) and signature subgroup checks. Malformed inputs give false, never a throw.
 */
export function blsVerify(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean {
  try {
    if (publicKey.length !== 48 || signature.length !== 96) return false;
    const pk = bls12_381.G1.Point.fromBytes(publicKey);
    if (pk.is0()) return false;
    pk.assertValidity();
    if (!pk.isTorsionFree()) return false;
    const sig = sigs.Signature.fromBytes(signature);
    sig.assertValidity();
    if (!sig.isTorsionFree()) return false;
    return sigs.verify(sig, sigs.hash(message, BLS_DST), pk);
  } catch {
    return false;
  }
}
