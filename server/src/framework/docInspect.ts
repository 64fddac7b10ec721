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
//
// This module holds what the checks share (refusal, limits, bounded inflation, HTML markup) with
// the PDF and csv checks; Office zips are checked in docOffice.ts, images in docImages.ts.
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

export const refuse = (detail: string, reason: Refusal = 'type'): never => {
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
export function hasHtmlInBinary(bytes: Uint8Array): boolean {
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
