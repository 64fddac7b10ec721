// The structure checks behind docContent.ts: an uploaded file is taken as a type only when it is
// a whole, well-formed file of that type with nothing hidden in it or after it.
//
// - Office Open XML (.docx/.xlsx): read as a real zip through its central directory; every entry
//   is inflated with bounds (per entry, in total and by ratio) and must match its CRC; entry names
//   are relative part names of the expected kinds (no '..', no absolute path, no html or program);
//   [Content_Types].xml must declare the main part of a Word document or an Excel workbook, and no
//   macros.
// - PNG: every chunk's CRC, IHDR first, IEND last with nothing after, and the image data inflates
//   to exactly the size IHDR announces with valid row filters (a full decompression).
// - JPEG: the marker segments from SOI to EOI with nothing after, then a full decode (jpeg-js, in
//   a worker thread).
// - GIF: every block from the header to the trailer with nothing after.
// - PDF: no JavaScript, launch actions or embedded files (names decoded, compressed object streams
//   inflated too), not encrypted, nothing after the last %%EOF.
// - Image metadata and csv: no HTML markup.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { createInflate, createInflateRaw, crc32 } from 'node:zlib';

/** Why a file was refused: 'type' (not the type it looks like, damaged, too big unpacked) or 'pdfActive' / 'pdfEncrypted'. */
export type Refusal = 'type' | 'pdfActive' | 'pdfEncrypted';

export class DocRefused extends Error {
  constructor(
    readonly reason: Refusal,
    detail: string,
  ) {
    super(detail);
  }
}

const refuse = (detail: string, reason: Refusal = 'type'): never => {
  throw new DocRefused(reason, detail);
};

/** Limits of what an upload may unpack to. */
export const INSPECT_LIMITS = {
  /** Largest inflated zip entry or PDF stream. */
  entryBytes: 50 * 1024 * 1024,
  /** Largest total inflated content of one zip. */
  totalBytes: 100 * 1024 * 1024,
  /** Largest inflated/compressed ratio of an entry bigger than `ratioFloor`. */
  ratio: 100,
  ratioFloor: 1024 * 1024,
  /** Most entries of an Office zip. */
  entries: 5_000,
  /** Largest image: pixels, and bytes of its raw (filtered) PNG data. */
  pixels: 50_000_000,
  pngRawBytes: 256 * 1024 * 1024,
} as const;

// ---- shared ---------------------------------------------------------------------------------

/** HTML that a browser would run or render, in text of any case and spacing. */
const HTML_MARKUP =
  /<\s*\/?\s*(?:!doctype\s+html|html|head|body|script|iframe|frame|frameset|object|embed|applet|svg|math|img|image|a|meta|link|style|base|form|input|button|textarea|select|details|video|audio|source|template|div|span|p|table|marquee|isindex|xml|xss)(?=[\s/>]|$)|<!--|javascript\s*:/i;
/**
 * The same in binary metadata (EXIF, ICC profiles, unknown chunks), without the one-letter tags
 * (`<a `, `<p>`) that random bytes hold by chance every few tens of kilobytes.
 */
const HTML_MARKUP_IN_BINARY =
  /<\s*\/?\s*(?:!doctype\s+html|html|head|body|script|iframe|frame|frameset|object|embed|applet|svg|math|img|image|meta|link|style|base|form|input|button|textarea|select|details|video|audio|source|template|div|span|table|marquee|isindex)(?=[\s/>]|$)|javascript\s*:/i;

/** Whether text holds HTML markup. */
export function hasHtmlMarkup(text: string): boolean {
  return HTML_MARKUP.test(text);
}

/** Whether binary metadata (read as latin-1, and as UTF-16 with its NULs dropped) holds HTML markup. */
function hasHtmlInBinary(bytes: Uint8Array): boolean {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const latin1 = b.toString('latin1');
  if (HTML_MARKUP_IN_BINARY.test(latin1)) return true;
  return b.includes(0) && HTML_MARKUP_IN_BINARY.test(latin1.replace(/\0/g, ''));
}

/**
 * Inflates `input` (zlib or raw deflate) as a stream, never holding more than one chunk (plus
 * what `keep` asks to keep), and refuses it when it would unpack to more than `limit` bytes.
 * Resolves with the unpacked size, its CRC-32 and the kept bytes.
 */
export function inflateBounded(
  input: Uint8Array,
  format: 'zlib' | 'raw',
  limit: number,
  options: {
    keep?: number;
    onChunk?: (chunk: Buffer, offset: number) => void;
    /** On a damaged stream, resolve with what inflated before the damage (a lenient reader's view). */
    partial?: boolean;
  } = {},
): Promise<{ size: number; crc: number; kept: Buffer }> {
  return new Promise((resolve, reject) => {
    const z = format === 'zlib' ? createInflate() : createInflateRaw();
    let size = 0;
    let crc = 0;
    const kept: Buffer[] = [];
    let keptBytes = 0;
    let done = false;
    const fail = (e: unknown) => {
      if (done) return;
      done = true;
      z.destroy();
      if (options.partial && !(e instanceof DocRefused))
        return resolve({ size, crc, kept: Buffer.concat(kept) });
      reject(e instanceof DocRefused ? e : new DocRefused('type', `does not inflate: ${String(e)}`));
    };
    z.on('data', (chunk: Buffer) => {
      if (done) return;
      if (size + chunk.length > limit)
        return fail(new DocRefused('type', `unpacks to more than ${limit} bytes`));
      try {
        options.onChunk?.(chunk, size);
      } catch (e) {
        return fail(e);
      }
      crc = crc32(chunk, crc);
      if (options.keep && keptBytes < options.keep) {
        kept.push(chunk.subarray(0, options.keep - keptBytes));
        keptBytes += Math.min(chunk.length, options.keep - keptBytes);
      }
      size += chunk.length;
    });
    z.on('error', fail);
    z.on('end', () => {
      if (done) return;
      done = true;
      resolve({ size, crc, kept: Buffer.concat(kept) });
    });
    z.end(input);
  });
}

// ---- Office Open XML ------------------------------------------------------------------------

interface ZipEntry {
  name: string;
  flags: number;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

/** Extensions a part of a Word document or Excel workbook has. */
const OOXML_PART_EXT =
  /\.(?:xml|rels|vml|png|jpe?g|jfif|gif|bmp|tiff?|emf|wmf|svg|wdp|jxr|odttf|fntdata|ttf|otf|bin|sigs|psmdcp|xlsx|docx|pptx|dat)$/i;
/** Parts that hold macros or programs. */
const OOXML_REFUSED_PART = /(?:^|\/)(?:vbaProject|vbaData|activeX[^/]*|attachedToolbars)\.(?:bin|xml)$/i;

const WORD_MAIN = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';
const EXCEL_MAIN = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml';

/** A zip entry name that is a relative part name: no '..', no absolute path, no drive, no controls. */
function isSafePartName(name: string): boolean {
  if (!name || name.length > 512) return false;
  if (!/^[\x21-\x7e]+$/.test(name)) return false; // printable ASCII, no spaces (OPC part names are URIs)
  if (name.startsWith('/') || name.includes('\\') || name.includes(':')) return false;
  const parts = name.replace(/\/$/, '').split('/');
  return parts.every((p) => p !== '' && p !== '.' && p !== '..');
}

/** The central directory of a zip, checked: one disk, no zip64, no encryption, entries in bounds. */
function readCentralDirectory(b: Buffer): ZipEntry[] {
  // End of central directory: 22 bytes plus a comment of at most 65535 bytes, at the very end.
  let eocd = -1;
  for (let i = b.length - 22; i >= Math.max(0, b.length - 22 - 0xffff); i--) {
    if (b.readUInt32LE(i) === 0x06054b50 && i + 22 + b.readUInt16LE(i + 20) === b.length) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) refuse('zip: no end of central directory at the end of the file');
  const disk = b.readUInt16LE(eocd + 4);
  const cdDisk = b.readUInt16LE(eocd + 6);
  const onDisk = b.readUInt16LE(eocd + 8);
  const count = b.readUInt16LE(eocd + 10);
  const cdSize = b.readUInt32LE(eocd + 12);
  const cdOffset = b.readUInt32LE(eocd + 16);
  if (disk !== 0 || cdDisk !== 0 || onDisk !== count) refuse('zip: spans several disks');
  if (count === 0xffff || cdOffset === 0xffffffff) refuse('zip: zip64 is not accepted');
  if (count > INSPECT_LIMITS.entries) refuse('zip: too many entries');
  if (cdOffset + cdSize !== eocd) refuse('zip: central directory not where the end record says');
  const entries: ZipEntry[] = [];
  let p = cdOffset;
  for (let i = 0; i < count; i++) {
    if (p + 46 > eocd || b.readUInt32LE(p) !== 0x02014b50) refuse('zip: damaged central directory');
    const nameLength = b.readUInt16LE(p + 28);
    const extraLength = b.readUInt16LE(p + 30);
    const commentLength = b.readUInt16LE(p + 32);
    const end = p + 46 + nameLength + extraLength + commentLength;
    if (end > eocd) refuse('zip: damaged central directory');
    entries.push({
      flags: b.readUInt16LE(p + 8),
      method: b.readUInt16LE(p + 10),
      crc: b.readUInt32LE(p + 16),
      compressedSize: b.readUInt32LE(p + 20),
      size: b.readUInt32LE(p + 24),
      localOffset: b.readUInt32LE(p + 42),
      name: b.subarray(p + 46, p + 46 + nameLength).toString('latin1'),
    });
    p = end;
  }
  if (p !== eocd) refuse('zip: damaged central directory');
  return entries;
}

/**
 * The Office Open XML kind of a zip ('docx' or 'xlsx'), after reading every entry with bounded
 * inflation; refuses anything else.
 */
export async function inspectOfficeZip(b: Buffer): Promise<'docx' | 'xlsx'> {
  const entries = readCentralDirectory(b);
  const seen = new Set<string>();
  const spans: [number, number][] = [];
  let total = 0;
  let contentTypes: Buffer | null = null;
  for (const e of entries) {
    if (!isSafePartName(e.name)) refuse(`zip: entry name ${JSON.stringify(e.name)} is not a part name`);
    const key = e.name.toLowerCase();
    if (seen.has(key)) refuse(`zip: entry ${e.name} twice`);
    seen.add(key);
    const isDir = e.name.endsWith('/');
    if (!isDir && e.name !== '[Content_Types].xml' && !OOXML_PART_EXT.test(e.name))
      refuse(`zip: entry ${e.name} is not an Office part`);
    if (OOXML_REFUSED_PART.test(e.name)) refuse(`zip: entry ${e.name} holds macros or controls`);
    if (e.flags & 0x41) refuse('zip: encrypted entries are not accepted');
    if (e.method !== 0 && e.method !== 8) refuse(`zip: compression method ${e.method} is not accepted`);
    if (e.compressedSize === 0xffffffff || e.size === 0xffffffff) refuse('zip: zip64 is not accepted');
    if (isDir && e.size !== 0) refuse('zip: a folder entry with content');
    if (e.size > INSPECT_LIMITS.entryBytes) refuse(`zip: entry ${e.name} unpacks to ${e.size} bytes`);
    if (e.size > INSPECT_LIMITS.ratioFloor && e.size > e.compressedSize * INSPECT_LIMITS.ratio)
      refuse(`zip: entry ${e.name} is compressed ${Math.round(e.size / Math.max(1, e.compressedSize))} to 1`);
    total += e.size;
    if (total > INSPECT_LIMITS.totalBytes)
      refuse(`zip: unpacks to more than ${INSPECT_LIMITS.totalBytes} bytes`);

    // The local header must agree with the central directory; data spans must not overlap.
    const lo = e.localOffset;
    if (lo + 30 > b.length || b.readUInt32LE(lo) !== 0x04034b50)
      refuse(`zip: entry ${e.name} has no local header`);
    const localNameLength = b.readUInt16LE(lo + 26);
    const localExtraLength = b.readUInt16LE(lo + 28);
    const localName = b.subarray(lo + 30, lo + 30 + localNameLength).toString('latin1');
    if (localName !== e.name || b.readUInt16LE(lo + 8) !== e.method)
      refuse(`zip: entry ${e.name} differs from its local header`);
    const dataStart = lo + 30 + localNameLength + localExtraLength;
    const dataEnd = dataStart + e.compressedSize;
    if (dataEnd > b.length) refuse(`zip: entry ${e.name} runs past the end`);
    spans.push([lo, dataEnd]);
    const data = b.subarray(dataStart, dataEnd);

    const wanted = e.name === '[Content_Types].xml' ? 1024 * 1024 : 0;
    let size: number;
    let crc: number;
    let kept: Buffer = Buffer.alloc(0);
    if (e.method === 0) {
      if (e.compressedSize !== e.size) refuse(`zip: stored entry ${e.name} has two sizes`);
      size = data.length;
      crc = crc32(data);
      kept = data.subarray(0, wanted);
    } else {
      // Never more than the entry says it holds, whatever the deflate stream would give.
      ({ size, crc, kept } = await inflateBounded(data, 'raw', e.size, { keep: wanted }));
    }
    if (size !== e.size || crc !== e.crc) refuse(`zip: entry ${e.name} does not match its size or CRC`);
    if (wanted) contentTypes = kept;
  }
  spans.sort((x, y) => x[0] - y[0]);
  for (let i = 1; i < spans.length; i++) if (spans[i]![0] < spans[i - 1]![1]) refuse('zip: entries overlap');

  if (!contentTypes) refuse('zip: no [Content_Types].xml');
  if (!seen.has('_rels/.rels')) refuse('zip: no _rels/.rels');
  const types = contentTypes!.toString('utf8');
  if (/macroEnabled|vbaProject|ms-office\.activeX/i.test(types)) refuse('zip: macros are not accepted');
  const declares = (part: string, type: string) =>
    new RegExp(
      `PartName\\s*=\\s*["']/${part.replace(/[.[\]/]/g, '\\$&')}["'][^>]*ContentType\\s*=\\s*["']${type.replace(/[.+]/g, '\\$&')}["']|ContentType\\s*=\\s*["']${type.replace(/[.+]/g, '\\$&')}["'][^>]*PartName\\s*=\\s*["']/${part.replace(/[.[\]/]/g, '\\$&')}["']`,
      'i',
    ).test(types);
  if (seen.has('word/document.xml') && declares('word/document.xml', WORD_MAIN)) return 'docx';
  if (seen.has('xl/workbook.xml') && declares('xl/workbook.xml', EXCEL_MAIN)) return 'xlsx';
  return refuse('zip: not a Word document or an Excel workbook');
}

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

// ---- PDF ------------------------------------------------------------------------------------

/** Names that make a PDF run code, start programs or carry files. */
const PDF_ACTIVE = new Set(['JavaScript', 'JS', 'Launch', 'EmbeddedFile', 'EmbeddedFiles']);

/** The PDF name tokens in `text` with their #xx escapes decoded (/J#61vaScript is /JavaScript). */
function pdfNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const m of text.matchAll(/\/([^\s/<>[\]()\\{}%]+)/g))
    names.add(m[1]!.replace(/#([0-9a-fA-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))));
  return names;
}

function refuseActive(text: string): void {
  for (const n of pdfNames(text)) if (PDF_ACTIVE.has(n)) refuse(`pdf: /${n}`, 'pdfActive');
}

export async function inspectPdf(b: Buffer): Promise<void> {
  const text = b.toString('latin1');
  if (!text.startsWith('%PDF-')) refuse('pdf: no header');
  const eof = text.lastIndexOf('%%EOF');
  if (eof < 0 || !/^\s*$/.test(text.slice(eof + 5))) refuse('pdf: data after the last %%EOF');
  refuseActive(text);
  if (pdfNames(text).has('Encrypt')) refuse('pdf: encrypted', 'pdfEncrypted');
  // Objects can hide in compressed object streams (PDF 1.5): unpack them and look at them too.
  // Actions and file specifications are dictionaries, which live in the file's text or in object
  // streams; a stream's own dictionary (an /EmbeddedFile) is always in the text.
  let total = 0;
  const streamRe = /stream\r?\n/g;
  for (let m = streamRe.exec(text); m; m = streamRe.exec(text)) {
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    streamRe.lastIndex = end + 9;
    const header = text.lastIndexOf('obj', m.index);
    const names = pdfNames(header >= 0 ? text.slice(header, m.index) : '');
    if (!names.has('ObjStm')) continue;
    const filters = [...names].filter((n) => /Decode$|^(?:Fl|AHx|A85|LZW|RL|CCF|DCT)$/.test(n));
    if (filters.length === 0) continue; // not compressed: already read with the text
    if (filters.some((f) => f !== 'FlateDecode' && f !== 'Fl') || names.has('Predictor'))
      refuse('pdf: an object stream packed in a way that cannot be checked');
    const limit = Math.min(INSPECT_LIMITS.entryBytes, INSPECT_LIMITS.totalBytes - total);
    // A damaged stream is looked at as far as it inflates, as a lenient reader would read it.
    const { kept, size } = await inflateBounded(b.subarray(start, end), 'zlib', limit, {
      keep: limit,
      partial: true,
    });
    total += size;
    refuseActive(kept.toString('latin1'));
  }
}

// ---- csv ------------------------------------------------------------------------------------

/** csv a spreadsheet exports: UTF-8 text without NUL or other control characters, and no HTML. */
export function isCsvText(b: Buffer): boolean {
  if (b.length === 0) return false;
  for (const byte of b)
    if ((byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) || byte === 0x7f) return false;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(b);
  } catch {
    return false;
  }
  return !hasHtmlMarkup(text);
}
