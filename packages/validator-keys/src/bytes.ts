// Byte helpers shared by the spec functions: hex without or with 0x, fixed-size checks, little-endian uint64.

/** Hex (with or without 0x) to bytes; throws on odd length or non-hex characters. */
export function fromHex(hex: string, expectedLength?: number, what = 'value'): Uint8Array {
  const h = hex.startsWith('0x') || hex.startsWith('0X') ? hex.slice(2) : hex;
  if (h.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(h)) throw new Error(`${what} is not hex`);
  const out = new Uint8Array(h.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(h.slice(i * 2, i * 2 + 2), 16);
  if (expectedLength !== undefined && out.length !== expectedLength)
    throw new Error(`${what} must be ${expectedLength} bytes, got ${out.length}`);
  return out;
}

/** Bytes to lowercase hex without 0x (the staking-deposit-cli JSON style). */
export function toHex(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += b.toString(16).padStart(2, '0');
  return s;
}

export function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

/** I2OSP(n, length): big-endian encoding of a non-negative integer. */
export function i2osp(n: bigint | number, length: number): Uint8Array {
  let v = BigInt(n);
  if (v < 0n || v >= 1n << BigInt(8 * length)) throw new Error(`integer does not fit in ${length} bytes`);
  const out = new Uint8Array(length);
  for (let i = length - 1; i >= 0; i--) {
    out[i] = Number(v & 0xffn);
    v >>= 8n;
  }
  return out;
}

/** OS2IP: big-endian bytes to integer. */
export function os2ip(bytes: Uint8Array): bigint {
  let v = 0n;
  for (const b of bytes) v = (v << 8n) | BigInt(b);
  return v;
}

/** SSZ uint64 serialization: 8 bytes little-endian. */
export function uint64LE(n: bigint | number): Uint8Array {
  let v = BigInt(n);
  if (v < 0n || v >= 1n << 64n) throw new Error('uint64 out of range');
  const out = new Uint8Array(8);
  for (let i = 0; i < 8; i++) {
    out[i] = Number(v & 0xffn);
    v >>= 8n;
  }
  return out;
}

export function utf8(s: string): Uint8Array {
  return new TextEncoder().encode(s);
}
