// The SSZ hash_tree_root of the few containers deposits and exits need (ethereum/consensus-specs,
// ssz/simple-serialize.md): basic values and byte vectors packed into 32-byte chunks, then merkleized.
import { sha256 } from '@noble/hashes/sha2.js';
import { concat, uint64LE } from './bytes.ts';

const ZERO_CHUNK = new Uint8Array(32);

/** pack(): right-pad serialized bytes with zeros to a whole number of 32-byte chunks (at least one). */
export function pack(serialized: Uint8Array): Uint8Array[] {
  const n = Math.max(1, Math.ceil(serialized.length / 32));
  const chunks: Uint8Array[] = [];
  for (let i = 0; i < n; i++) {
    const chunk = new Uint8Array(32);
    chunk.set(serialized.subarray(i * 32, i * 32 + 32));
    chunks.push(chunk);
  }
  return chunks;
}

/** merkleize(chunks): pad with zero chunks to the next power of two and hash pairwise to a root. */
export function merkleize(chunks: Uint8Array[]): Uint8Array {
  let layer = chunks.length ? chunks.slice() : [ZERO_CHUNK];
  let width = 1;
  while (width < layer.length) width *= 2;
  while (layer.length < width) layer.push(ZERO_CHUNK);
  while (layer.length > 1) {
    const next: Uint8Array[] = [];
    for (let i = 0; i < layer.length; i += 2) next.push(sha256(concat(layer[i]!, layer[i + 1]!)));
    layer = next;
  }
  return layer[0]!;
}

/** hash_tree_root of a uint64. */
export function hashTreeRootUint64(n: bigint | number): Uint8Array {
  return merkleize(pack(uint64LE(n)));
}

/** hash_tree_root of a fixed-size byte vector (Bytes4, Bytes32, Bytes48, Bytes96). */
export function hashTreeRootBytes(bytes: Uint8Array): Uint8Array {
  return merkleize(pack(bytes));
}

/** hash_tree_root of a container: merkleize the roots of its fields in order. */
export function hashTreeRootContainer(fieldRoots: Uint8Array[]): Uint8Array {
  return merkleize(fieldRoots);
}

/** mix_in_length(root, length), used for SSZ lists. */
export function mixInLength(root: Uint8Array, length: number | bigint): Uint8Array {
  return sha256(concat(root, pack(uint64LE(length))[0]!));
}

/** The root of a tree of `depth` levels of zero chunks (zerohashes[depth]). */
export function zeroHash(depth: number): Uint8Array {
  let h = ZERO_CHUNK;
  for (let i = 0; i < depth; i++) h = sha256(concat(h, h));
  return h;
}
