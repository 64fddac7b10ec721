import { crc32, inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { uniqueNames, writeZip } from './zip.ts';

/** Reads a zip back through its central directory (as unzip does). */
function readZip(buf: Buffer): { name: string; data: Buffer }[] {
  const end = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = buf.readUInt16LE(end + 10);
  let p = buf.readUInt32LE(end + 16);
  const out: { name: string; data: Buffer }[] = [];
  for (let i = 0; i < count; i++) {
    expect(buf.readUInt32LE(p)).toBe(0x02014b50);
    const method = buf.readUInt16LE(p + 10);
    const crc = buf.readUInt32LE(p + 16);
    const size = buf.readUInt32LE(p + 20);
    const nameLen = buf.readUInt16LE(p + 28);
    const local = buf.readUInt32LE(p + 42);
    const name = buf.subarray(p + 46, p + 46 + nameLen).toString('utf8');
    const localNameLen = buf.readUInt16LE(local + 26);
    const raw = buf.subarray(local + 30 + localNameLen, local + 30 + localNameLen + size);
    const data = method === 0 ? raw : inflateRawSync(raw);
    expect(crc32(data) >>> 0).toBe(crc);
    out.push({ name, data: Buffer.from(data) });
    p += 46 + nameLen;
  }
  return out;
}

describe('writeZip', () => {
  it('stores files a zip reader gets back byte for byte, with UTF-8 names', () => {
    const files = [
      {
        name: 'pass port.png',
        data: Buffer.from([0, 1, 2, 255]),
        modified: new Date('2026-01-02T03:04:06Z'),
      },
      {
        name: 'adresse-réelle.pdf',
        data: Buffer.from('%PDF-1.4'),
        modified: new Date('2026-01-02T03:04:06Z'),
      },
      { name: 'empty.txt', data: Buffer.alloc(0), modified: new Date('2026-01-02T03:04:06Z') },
    ];
    const back = readZip(writeZip(files));
    expect(back).toEqual(files.map((f) => ({ name: f.name, data: f.data })));
  });

  it('makes names unique and flat', () => {
    expect(uniqueNames(['a.pdf', 'A.pdf', '../x/b', 'a.pdf', ''])).toEqual([
      'a.pdf',
      'A (2).pdf',
      '_x_b',
      'a (3).pdf',
      'document',
    ]);
  });
});
