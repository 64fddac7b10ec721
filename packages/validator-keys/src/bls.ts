// BLS signatures as Ethereum uses them: the min-pubkey-size variant (48-byte G1 public keys, 96-byte
// G2 signatures) of draft-irtf-cfrg-bls-signature with the proof-of-possession ciphersuite.
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { randomBytes } from '@noble/hashes/utils.js';

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

/** A message hashed to G2 (hash_to_curve with BLS_DST), as Sign and Verify use it. */
export type HashedMessage = ReturnType<typeof sigs.hash>;

/** hash_to_curve(message) with the Ethereum DST: the G2 point a signature of `message` is a multiple of. */
export function hashToG2(message: Uint8Array): HashedMessage {
  return sigs.hash(message, BLS_DST);
}

/** Sign over a message already hashed to G2 (hashToG2): the same bytes as blsSign(secretKey, message). */
export function blsSignHashed(secretKey: Uint8Array, hashed: HashedMessage): Uint8Array {
  assertSecretKey(secretKey);
  return sigs.Signature.toBytes(sigs.sign(hashed, secretKey));
}

/** A nonzero 64-bit coefficient from the CSPRNG (random linear combination of a batch check). */
function randomCoefficient(): bigint {
  let r = 0n;
  while (r === 0n) r = randomBytes(8).reduce((v, x) => (v << 8n) | BigInt(x), 0n);
  return r;
}

/**
 * Verify for many (public key, hashed message, signature) at once, from their bytes (with KeyValidate
 * and the subgroup checks of blsVerify): with random 64-bit r_i,
 * e(-G1, sum r_i*sig_i) * prod e(r_i*pk_i, H(m_i)) == 1. One Miller loop per signature and one final
 * exponentiation for the batch instead of two Miller loops and a final exponentiation each; a batch
 * with an invalid signature passes with probability about 2^-64. False when any item is invalid (the
 * caller checks one by one to name it); never throws.
 */
export function blsVerifyBatchHashed(
  items: readonly { publicKey: Uint8Array; hashed: HashedMessage; signature: Uint8Array }[],
): boolean {
  try {
    if (items.length === 0) return true;
    const pairs: { g1: typeof bls12_381.G1.Point.BASE; g2: HashedMessage }[] = [];
    let sigSum: HashedMessage | undefined;
    for (const item of items) {
      if (item.publicKey.length !== 48 || item.signature.length !== 96) return false;
      const pk = bls12_381.G1.Point.fromBytes(item.publicKey);
      if (pk.is0()) return false;
      pk.assertValidity();
      if (!pk.isTorsionFree()) return false;
      const sig = sigs.Signature.fromBytes(item.signature);
      sig.assertValidity();
      if (!sig.isTorsionFree()) return false;
      const r = randomCoefficient();
      pairs.push({ g1: pk.multiplyUnsafe(r), g2: item.hashed });
      const term = sig.multiplyUnsafe(r);
      sigSum = sigSum ? sigSum.add(term) : term;
    }
    if (sigSum!.is0()) return false;
    pairs.push({ g1: bls12_381.G1.Point.BASE.negate(), g2: sigSum! });
    return bls12_381.fields.Fp12.eql(bls12_381.pairingBatch(pairs), bls12_381.fields.Fp12.ONE);
  } catch {
    return false;
  }
}
