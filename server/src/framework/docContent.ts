// What a document column accepts (spec 002 sections 5 and 9): png, jpeg, gif, pdf, Word, Excel
// and csv, recognised from the bytes (magic numbers), never from the file name or the type the
// client claims, and only as whole, well-formed files of that type (docInspect.ts, docOffice.ts, docImages.ts: Office zips
// read through their central directory with bounded inflation, images decoded, no HTML hidden
// in them, PDFs without scripts, launch actions or embedded files); at most 10 MB each and a
// per-column number of files. The stored MIME type is the one found here; the stored name has no
// control or bidirectional characters and ends in the found type's extension.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ApiErrorCode, MAX_DOC_BYTES, docMessages, formatSize } from '@payd/schemas';
import { ApiError, invalidField } from '../wire/errors.ts';
import { errorEnvelope } from '../wire/method.ts';
import { DocRefused, inspectPdf, isCsvText } from './docInspect.ts';
import { inspectOfficeZip } from './docOffice.ts';
import { inspectGif, inspectJpeg, inspectPng } from './docImages.ts';

export { MAX_DOC_BYTES, formatSize };
/** Default number of files of a document column (spec 002 section 9). */
export const DEFAULT_MAX_FILES = 999_999;
/** Body limit of an upload method: the base64 of the largest document plus room for the rest. */
export const DOC_BODY_LIMIT = Math.ceil(MAX_DOC_BYTES / 3) * 4 + 64 * 1024;

export const TYPE_NOT_ALLOWED = docMessages.typeNotAllowed;
export const tooLargeMessage = docMessages.tooLarge;
export const tooManyMessage = docMessages.tooMany;

export interface DocKind {
  kind: 'png' | 'jpeg' | 'gif' | 'pdf' | 'doc' | 'xls' | 'docx' | 'xlsx' | 'csv';
  mimeType: string;
}

const starts = (b: Buffer, sig: number[] | string) =>
  (typeof sig === 'string' ? Buffer.from(sig, 'latin1') : Buffer.from(sig)).equals(
    b.subarray(0, typeof sig === 'string' ? sig.length : sig.length),
  );
const has = (b: Buffer, s: string, enc: BufferEncoding = 'latin1') => b.includes(Buffer.from(s, enc));

const KINDS: Record<DocKind['kind'], { mimeType: string; ext: string[] }> = {
  png: { mimeType: 'image/png', ext: ['png'] },
  jpeg: { mimeType: 'image/jpeg', ext: ['jpg', 'jpeg', 'jpe', 'jfif'] },
  gif: { mimeType: 'image/gif', ext: ['gif'] },
  pdf: { mimeType: 'application/pdf', ext: ['pdf'] },
  doc: { mimeType: 'application/msword', ext: ['doc'] },
  xls: { mimeType: 'application/vnd.ms-excel', ext: ['xls'] },
  docx: {
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ext: ['docx'],
  },
  xlsx: { mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ext: ['xlsx'] },
  csv: { mimeType: 'text/csv', ext: ['csv'] },
};
const kindOf = (kind: DocKind['kind']): DocKind => ({ kind, mimeType: KINDS[kind].mimeType });

/** OLE2 compound file (.doc/.xls): its stream names tell Word from Excel; macros are refused. */
function oleKind(bytes: Buffer): 'doc' | 'xls' {
  // Header: minor/major version, byte order FFFE, sector shift 9 (v3) or 12 (v4).
  if (bytes.length < 512) throw new DocRefused('type', 'ole: cut short');
  const major = bytes.readUInt16LE(26);
  const shift = bytes.readUInt16LE(30);
  if (
    bytes.length < 512 ||
    bytes.readUInt16LE(28) !== 0xfffe ||
    !((major === 3 && shift === 9) || (major === 4 && shift === 12))
  )
    throw new DocRefused('type', 'ole: bad header');
  if (has(bytes, '_VBA_PROJECT', 'utf16le') || has(bytes, 'Macros', 'utf16le'))
    throw new DocRefused('type', 'ole: macros');
  if (has(bytes, 'WordDocument', 'utf16le')) return 'doc';
  if (has(bytes, 'Workbook', 'utf16le') || has(bytes, 'Book', 'utf16le')) return 'xls';
  throw new DocRefused('type', 'ole: neither Word nor Excel');
}

/**
 * The type of a document from its content, after checking that it is a whole file of that type
 * (docInspect.ts); refuses (DocRefused) anything else. csv has no magic number: it is accepted
 * when the client names it csv (file name or type) and the content is plain text without HTML.
 */
export async function inspectDocument(
  bytes: Buffer,
  fileName: string,
  claimedMime: string,
): Promise<DocKind> {
  if (starts(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    await inspectPng(bytes);
    return kindOf('png');
  }
  if (starts(bytes, [0xff, 0xd8, 0xff])) {
    await inspectJpeg(bytes);
    return kindOf('jpeg');
  }
  if (starts(bytes, 'GIF87a') || starts(bytes, 'GIF89a')) {
    inspectGif(bytes);
    return kindOf('gif');
  }
  if (starts(bytes, '%PDF-')) {
    await inspectPdf(bytes);
    return kindOf('pdf');
  }
  if (starts(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return kindOf(oleKind(bytes));
  if (starts(bytes, [0x50, 0x4b, 0x03, 0x04])) return kindOf(await inspectOfficeZip(bytes));
  const saysCsv =
    /\.csv$/i.test(cleanName(fileName)) ||
    /^(text\/csv|application\/csv|text\/comma-separated-values)\b/i.test(claimedMime);
  if (saysCsv && isCsvText(bytes)) return kindOf('csv');
  throw new DocRefused('type', 'not an accepted type');
}

/** The type of a document from its content; null when it is none of the allowed ones (or not whole). */
export async function sniffDocument(
  bytes: Buffer,
  fileName: string,
  claimedMime: string,
): Promise<DocKind | null> {
  try {
    return await inspectDocument(bytes, fileName, claimedMime);
  } catch (e) {
    if (e instanceof DocRefused) return null;
    throw e;
  }
}

/**
 * Characters that hide or reorder what a name shows: C0 and C1 controls, DEL, the bidirectional
 * embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069), the direction marks (U+200E,
 * U+200F, U+061C), zero-width characters and the byte order mark. A right-to-left override turns
 * 'photo\u202Egnp.exe' into what reads as 'photoexe.png'.
 */
// eslint-disable-next-line no-control-regex -- the control characters are what it removes
const HIDDEN_CHARS = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/gu;

/** A name without hidden characters, folders or surrounding spaces. */
function cleanName(name: string): string {
  return (name.replace(HIDDEN_CHARS, '').split(/[\\/]/).pop() ?? '').trim();
}

/**
 * A file name safe to store and to put in a zip: no folders, no control or bidirectional
 * characters; with `kind`, it ends in an extension of that type (the detected one is added when
 * the name says another: 'invoice.html' holding a PNG is kept as 'invoice.html.png').
 */
export function safeFileName(name: string, kind?: DocKind['kind']): string {
  let cleaned = [...cleanName(name)].slice(0, 240).join('').trim();
  if (cleaned === '' || /^\.+$/.test(cleaned)) cleaned = 'document';
  if (kind) {
    const ext = /\.([^.]+)$/.exec(cleaned)?.[1]?.toLowerCase() ?? '';
    if (!KINDS[kind].ext.includes(ext)) cleaned = `${cleaned}.${KINDS[kind].ext[0]}`;
  }
  return cleaned;
}

/** The spec's (or a clear) message for a refused document. */
export function refusalMessage(reason: DocRefused['reason']): string {
  if (reason === 'pdfActive') return docMessages.pdfActiveContent;
  if (reason === 'pdfEncrypted') return docMessages.pdfEncrypted;
  return TYPE_NOT_ALLOWED;
}

/** The checked document: allowed type from the content, within the size limit. */
export async function checkDocument(doc: { fileName: string; mimeType: string; bytes: Buffer }): Promise<{
  fileName: string;
  mimeType: string;
  bytes: Buffer;
}> {
  if (doc.bytes.length > MAX_DOC_BYTES) throw invalidField('docJson', tooLargeMessage());
  let kind: DocKind;
  try {
    kind = await inspectDocument(doc.bytes, doc.fileName, doc.mimeType);
  } catch (e) {
    if (e instanceof DocRefused) throw invalidField('docJson', refusalMessage(e.reason));
    throw e;
  }
  return { fileName: safeFileName(doc.fileName, kind.kind), mimeType: kind.mimeType, bytes: doc.bytes };
}

/**
 * Runs `work` (a document check) to the end now, before any transaction is opened, and gives
 * back a function that returns its result or throws its error when called: the caller checks
 * access first, in its transaction, and only then says what was wrong with the file.
 */
export async function settled<T>(work: () => T | Promise<T>): Promise<() => T> {
  try {
    const value = await work();
    return () => value;
  } catch (e) {
    return () => {
      throw e;
    };
  }
}

/** Upload methods' paths (their bodies may be larger than the app's 1 MB). */
export const uploadMethodPattern = /\/(AddDocColumnContent|Save\w+Doc\d+)$/;

/**
 * Error handler of a plugin that serves uploads: a body over the upload limit answers the spec's
 * size message; everything else goes on to the app's handler.
 */
export function uploadErrorHandler(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0] ?? '';
  if (err.statusCode === 413 && uploadMethodPattern.test(path))
    return errorEnvelope(
      reply,
      new ApiError(413, ApiErrorCode.validationFailed, tooLargeMessage(), undefined, [
        { field: 'docJson', message: tooLargeMessage() },
      ]),
    );
  throw err;
}
