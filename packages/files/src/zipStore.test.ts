import { crc32 as nodeCrc32, inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32, zipStore } from './zipStore.ts';

/** Reads each entry back through the central directory, as unzip does. */
function entries(zip: Uint8Array) {
  const b = Buffer.from(zip);
  const end = b.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let p = b.readUInt32LE(end + 16);
  return Array.from({ length: b.readUInt16LE(end + 10) }, () => {
    const nameLen = b.readUInt16LE(p + 28);
    const local = b.readUInt32LE(p + 42);
    const size = b.readUInt32LE(p + 24);
    const start = local + 30 + b.readUInt16LE(local + 26);
    const raw = b.subarray(start, start + size);
    const e = {
      name: b.subarray(p + 46, p + 46 + nameLen).toString('utf8'),
      data: b.readUInt16LE(p + 10) === 0 ? raw : inflateRawSync(raw),
      crc: b.readUInt32LE(p + 16),
      time: b.readUInt16LE(p + 12),
      date: b.readUInt16LE(p + 14),
    };
    p += 46 + nameLen;
    return e;
  });
}

describe('zipStore', () => {
  it('computes the CRC-32 zip stores, the same as zlib', () => {
    for (const s of ['', 'a', 'The quick brown fox jumps over the lazy dog', 'ü€😀'])
      expect(crc32(new TextEncoder().encode(s))).toBe(nodeCrc32(s) >>> 0);
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
  });

  it('stores files that read back byte for byte with their UTF-8 names and DOS times', () => {
    const zip = zipStore([
      {
        name: 'adresse-réelle.pdf',
        data: new TextEncoder().encode('%PDF-1.4'),
        modified: new Date('2026-11-22T10:30:08Z'),
      },
      { name: 'empty', data: new Uint8Array(0) },
    ]);
    const [pdf, empty] = entries(zip);
    expect(pdf!.name).toBe('adresse-réelle.pdf');
    expect(Buffer.from(pdf!.data).toString()).toBe('%PDF-1.4');
    expect(pdf!.crc).toBe(nodeCrc32('%PDF-1.4') >>> 0);
    expect(pdf!.date).toBe(((2026 - 1980) << 9) | (11 << 5) | 22);
    expect(pdf!.time).toBe((10 << 11) | (30 << 5) | 4);
    // No time given: 1980-01-01 00:00, the earliest a zip can say.
    expect(empty).toMatchObject({ name: 'empty', time: 0, date: (1 << 5) | 1 });
    expect(empty!.data.length).toBe(0);
  });
});
