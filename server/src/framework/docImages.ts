// PNG, JPEG and GIF taken only as whole, well-formed images with no HTML in their metadata
// (docInspect.ts).
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { crc32 } from 'node:zlib';
import { INSPECT_LIMITS, hasHtmlInBinary, inflateBounded, refuse } from './docInspect.ts';

// ---- PNG ------------------------------------------------------------------------------------

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_BITS: Record<number, number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};
const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/** Bytes of each row of each pass (one row of the whole image when not interlaced). */
function pngPasses(
  width: number,
  height: number,
  bitsPerPixel: number,
  interlaced: boolean,
): [number, number][] {
  const rowBytes = (w: number) => 1 + Math.ceil((w * bitsPerPixel) / 8);
  if (!interlaced) return [[height, rowBytes(width)]];
  const adam7 = [
    [0, 0, 8, 8],
    [4, 0, 8, 8],
    [0, 4, 4, 8],
    [2, 0, 4, 4],
    [0, 2, 2, 4],
    [1, 0, 2, 2],
    [0, 1, 1, 2],
  ];
  return adam7
    .map(([x0, y0, dx, dy]) => [Math.ceil((height - y0!) / dy!), Math.ceil((width - x0!) / dx!)] as const)
    .filter(([rows, cols]) => rows > 0 && cols > 0)
    .map(([rows, cols]) => [rows, rowBytes(cols)] as [number, number]);
}

export async function inspectPng(b: Buffer): Promise<void> {
  if (!b.subarray(0, 8).equals(PNG_SIGNATURE)) refuse('png: no signature');
  let p = 8;
  let ihdr: Buffer | null = null;
  let sawPalette = false;
  let idatState: 'before' | 'in' | 'after' = 'before';
  const idat: Buffer[] = [];
  const texts: Buffer[] = [];
  let ended = false;
  while (p < b.length) {
    if (ended) refuse('png: data after IEND');
    if (p + 12 > b.length) refuse('png: cut short');
    const length = b.readUInt32BE(p);
    if (length > 0x7fffffff || p + 12 + length > b.length) refuse('png: chunk runs past the end');
    const type = b.subarray(p + 4, p + 8).toString('latin1');
    if (!/^[A-Za-z]{4}$/.test(type)) refuse('png: bad chunk type');
    const data = b.subarray(p + 8, p + 8 + length);
    if (crc32(b.subarray(p + 4, p + 8 + length)) !== b.readUInt32BE(p + 8 + length))
      refuse(`png: ${type} CRC does not match`);
    if (!ihdr && type !== 'IHDR') refuse('png: IHDR is not first');
    if (type === 'IDAT') {
      if (idatState === 'after') refuse('png: IDAT chunks not together');
      idatState = 'in';
      idat.push(data);
    } else if (idatState === 'in') idatState = 'after';
    switch (type) {
      case 'IHDR':
        if (ihdr || length !== 13) refuse('png: bad IHDR');
        ihdr = data;
        break;
      case 'PLTE':
        sawPalette = true;
        break;
      case 'IEND':
        if (length !== 0) refuse('png: bad IEND');
        ended = true;
        break;
      case 'IDAT':
        break;
      case 'tEXt':
        texts.push(data);
        break;
      case 'zTXt':
      case 'iTXt': {
        texts.push(data);
        // Compressed text: look at it unpacked too (bounded).
        const nul = data.indexOf(0);
        const compressed = type === 'zTXt' ? nul >= 0 : nul >= 0 && data[nul + 1] === 1;
        if (compressed) {
          let start = nul + 2;
          if (type === 'iTXt') {
            const lang = data.indexOf(0, nul + 3);
            const translated = lang >= 0 ? data.indexOf(0, lang + 1) : -1;
            if (translated < 0) refuse('png: bad iTXt');
            start = translated + 1;
          }
          const { kept } = await inflateBounded(data.subarray(start), 'zlib', 1024 * 1024, {
            keep: 1024 * 1024,
          });
          texts.push(kept);
        }
        break;
      }
      default:
        // An unknown critical chunk (upper-case first letter) cannot be skipped by a decoder.
        if (type[0]! >= 'A' && type[0]! <= 'Z') refuse(`png: unknown critical chunk ${type}`);
        texts.push(data);
    }
    p += 12 + length;
  }
  if (!ended) refuse('png: no IEND');
  if (!ihdr || idat.length === 0) refuse('png: no image data');
  const width = ihdr!.readUInt32BE(0);
  const height = ihdr!.readUInt32BE(4);
  const [bitDepth, colorType, compression, filter, interlace] = [
    ihdr![8]!,
    ihdr![9]!,
    ihdr![10]!,
    ihdr![11]!,
    ihdr![12]!,
  ];
  if (!width || !height || width > 0x7fffffff || height > 0x7fffffff) refuse('png: bad size');
  if (width * height > INSPECT_LIMITS.pixels) refuse('png: too many pixels');
  if (!PNG_BITS[colorType]?.includes(bitDepth)) refuse('png: bad bit depth or colour type');
  if (compression !== 0 || filter !== 0 || interlace > 1) refuse('png: bad IHDR method');
  if (colorType === 3 && !sawPalette) refuse('png: palette image without PLTE');
  for (const t of texts) if (hasHtmlInBinary(t)) refuse('png: HTML in a chunk');

  // Decompress the image data: it must be exactly the rows IHDR announces, each starting with a
  // valid filter type (0-4).
  const passes = pngPasses(width, height, bitDepth * PNG_CHANNELS[colorType]!, interlace === 1);
  const expected = passes.reduce((s, [rows, row]) => s + rows * row, 0);
  if (expected > INSPECT_LIMITS.pngRawBytes) refuse('png: too large unpacked');
  const rowStarts: number[] = [];
  {
    let at = 0;
    for (const [rows, row] of passes) for (let r = 0; r < rows; r++, at += row) rowStarts.push(at);
  }
  let next = 0;
  const { size } = await inflateBounded(Buffer.concat(idat), 'zlib', expected, {
    onChunk(chunk, offset) {
      while (next < rowStarts.length && rowStarts[next]! < offset + chunk.length) {
        if (chunk[rowStarts[next]! - offset]! > 4) refuse('png: bad row filter');
        next++;
      }
    },
  });
  if (size !== expected) refuse('png: image data is not the size IHDR announces');
}

// ---- JPEG -----------------------------------------------------------------------------------

export async function inspectJpeg(b: Buffer): Promise<void> {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) refuse('jpeg: no SOI');
  let p = 2;
  let frame = false;
  let scans = 0;
  for (;;) {
    if (p >= b.length) refuse('jpeg: no EOI');
    if (b[p] !== 0xff) refuse('jpeg: expected a marker');
    while (b[p] === 0xff) p++; // fill bytes
    const m = b[p++];
    if (m === undefined) refuse('jpeg: cut short');
    if (m === 0xd9) break; // EOI
    if (m === 0x00 || (m! >= 0xd0 && m! <= 0xd7) || m === 0xd8) refuse('jpeg: marker out of place');
    if (m === 0x01) continue; // TEM, no length
    if (p + 2 > b.length) refuse('jpeg: cut short');
    const length = b.readUInt16BE(p);
    if (length < 2 || p + length > b.length) refuse('jpeg: segment runs past the end');
    const data = b.subarray(p + 2, p + length);
    p += length;
    if ((m! >= 0xe0 && m! <= 0xef) || m === 0xfe) {
      if (hasHtmlInBinary(data)) refuse('jpeg: HTML in a metadata segment');
    } else if (m! >= 0xc0 && m! <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc) {
      frame = true;
    } else if (m === 0xda) {
      if (!frame) refuse('jpeg: scan before frame');
      scans++;
      // Entropy-coded data up to the next marker that is not a stuffed byte or a restart.
      while (p < b.length) {
        if (b[p] === 0xff && p + 1 < b.length) {
          const n = b[p + 1]!;
          if (n === 0x00 || (n >= 0xd0 && n <= 0xd7) || n === 0xff) {
            p += n === 0xff ? 1 : 2;
            continue;
          }
          break;
        }
        p++;
      }
    }
  }
  if (!frame || scans === 0) refuse('jpeg: no image');
  if (p !== b.length) refuse('jpeg: data after EOI');
  const error = await decodeJpegOffThread(b);
  if (error !== null) refuse(`jpeg: does not decode: ${error}`);
}

// A full JPEG decode takes seconds for a large photo (3 s for 6 megapixels in jpeg-js): it runs in
// a worker thread, one picture at a time, so no upload stalls the other requests.
const JPEG_WORKER = `
const { parentPort } = require('node:worker_threads');
const jpeg = require(${JSON.stringify(createRequire(import.meta.url).resolve('jpeg-js'))});
parentPort.on('message', ({ id, bytes }) => {
  let error = null;
  try {
    jpeg.decode(bytes, { useTArray: true, formatAsRGBA: false, maxResolutionInMP: ${INSPECT_LIMITS.pixels / 1e6}, maxMemoryUsageInMB: 512 });
  } catch (e) {
    error = String(e && e.message ? e.message : e);
  }
  parentPort.postMessage({ id, error });
});`;

let jpegWorker: Worker | undefined;
let jpegQueue: Promise<unknown> = Promise.resolve();
let jpegNextId = 1;

/** null when `bytes` decode as a JPEG, else the decoder's complaint. */
function decodeJpegOffThread(bytes: Buffer): Promise<string | null> {
  const run = (): Promise<string | null> =>
    new Promise((resolve) => {
      if (!jpegWorker) {
        jpegWorker = new Worker(JPEG_WORKER, {
          eval: true,
          resourceLimits: { maxOldGenerationSizeMb: 1024 },
        });
        jpegWorker.unref();
      }
      const w = jpegWorker;
      const id = jpegNextId++;
      const done = (error: string | null) => {
        w.off('message', onMessage);
        w.off('exit', onExit);
        resolve(error);
      };
      const onMessage = (m: { id: number; error: string | null }) => {
        if (m.id === id) done(m.error);
      };
      const onExit = (code: number) => {
        if (jpegWorker === w) jpegWorker = undefined;
        done(`decoder stopped (${code})`);
      };
      w.on('message', onMessage);
      w.on('exit', onExit);
      w.postMessage({ id, bytes: new Uint8Array(bytes) });
    });
  const result = jpegQueue.then(run, run);
  jpegQueue = result;
  return result;
}

// ---- GIF ------------------------------------------------------------------------------------

export function inspectGif(b: Buffer): void {
  const head = b.subarray(0, 6).toString('latin1');
  if (head !== 'GIF87a' && head !== 'GIF89a') refuse('gif: no header');
  if (b.length < 13) refuse('gif: cut short');
  const width = b.readUInt16LE(6);
  const height = b.readUInt16LE(8);
  if (!width || !height) refuse('gif: bad size');
  let p = 13;
  if (b[10]! & 0x80) p += 3 * (1 << ((b[10]! & 7) + 1));
  const texts: Buffer[] = [];
  const subBlocks = (keep: boolean) => {
    const parts: Buffer[] = [];
    for (;;) {
      if (p >= b.length) refuse('gif: cut short');
      const n = b[p++]!;
      if (n === 0) break;
      if (p + n > b.length) refuse('gif: cut short');
      if (keep) parts.push(Buffer.from(b.subarray(p, p + n)));
      p += n;
    }
    if (keep) texts.push(Buffer.concat(parts));
  };
  let images = 0;
  for (;;) {
    if (p >= b.length) refuse('gif: no trailer');
    const block = b[p++];
    if (block === 0x3b) break;
    if (block === 0x2c) {
      if (p + 9 > b.length) refuse('gif: cut short');
      const flags = b[p + 8]!;
      p += 9;
      if (flags & 0x80) p += 3 * (1 << ((flags & 7) + 1));
      const minCode = b[p++];
      if (minCode === undefined || minCode < 2 || minCode > 11) refuse('gif: bad LZW code size');
      subBlocks(false);
      images++;
    } else if (block === 0x21) {
      const label = b[p++];
      if (label === undefined) refuse('gif: cut short');
      // Comments, application and plain-text extensions carry text: keep it to look at.
      subBlocks(label === 0xfe || label === 0xff || label === 0x01);
    } else refuse('gif: unknown block');
  }
  if (images === 0) refuse('gif: no image');
  if (p !== b.length) refuse('gif: data after the trailer');
  for (const t of texts) if (hasHtmlInBinary(t)) refuse('gif: HTML in an extension');
}
