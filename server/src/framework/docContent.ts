// What a document column accepts (spec 002 sections 5 and 9): png, jpeg, gif, pdf, Word, Excel
// and csv, recognised from the bytes (magic numbers), never from the file name or the type the
// client claims; at most 10 MB each and a per-column number of files. The stored MIME type is
// the one found here.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ApiErrorCode, MAX_DOC_BYTES, docMessages, formatSize } from '@payd/schemas';
import { ApiError, invalidField } from '../protocol/errors.ts';
import { errorEnvelope } from '../protocol/method.ts';

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

/** Plain text a spreadsheet exports as csv: UTF-8 without NUL or other control characters. */
function isPlainText(b: Buffer): boolean {
  if (b.length === 0) return false;
  for (const byte of b)
    if ((byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) || byte === 0x7f) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(b);
    return true;
  } catch {
    return false;
  }
}

/**
 * The type of a document from its content; null when it is none of the allowed ones. csv has no
 * magic number: it is accepted when the client names it csv (file name or type) and the content
 * is plain text.
 */
export function sniffDocument(bytes: Buffer, fileName: string, claimedMime: string): DocKind | null {
  if (starts(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { kind: 'png', mimeType: 'image/png' };
  if (starts(bytes, [0xff, 0xd8, 0xff])) return { kind: 'jpeg', mimeType: 'image/jpeg' };
  if (starts(bytes, 'GIF87a') || starts(bytes, 'GIF89a')) return { kind: 'gif', mimeType: 'image/gif' };
  if (starts(bytes, '%PDF-')) return { kind: 'pdf', mimeType: 'application/pdf' };
  if (starts(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    // OLE2 compound file: the stream names tell Word from Excel.
    if (has(bytes, 'WordDocument', 'utf16le')) return { kind: 'doc', mimeType: 'application/msword' };
    if (has(bytes, 'Workbook', 'utf16le') || has(bytes, 'Book', 'utf16le'))
      return { kind: 'xls', mimeType: 'application/vnd.ms-excel' };
    return null;
  }
  if (starts(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    // Office Open XML is a zip whose entries name the application's main part.
    if (!has(bytes, '[Content_Types].xml')) return null;
    if (has(bytes, 'word/document.xml'))
      return {
        kind: 'docx',
        mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      };
    if (has(bytes, 'xl/workbook.xml'))
      return { kind: 'xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' };
    return null;
  }
  const saysCsv =
    /\.csv$/i.test(fileName) ||
    /^(text\/csv|application\/csv|text\/comma-separated-values)\b/i.test(claimedMime);
  if (saysCsv && isPlainText(bytes)) return { kind: 'csv', mimeType: 'text/csv' };
  return null;
}

/** A file name safe to store and to put in a zip: no folders, no control characters. */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = [...base]
    .map((ch) => (ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f ? '_' : ch))
    .join('')
    .trim()
    .slice(0, 255);
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? 'document' : cleaned;
}

/** The checked document: allowed type from the content, within the size limit. */
export function checkDocument(doc: { fileName: string; mimeType: string; bytes: Buffer }): {
  fileName: string;
  mimeType: string;
  bytes: Buffer;
} {
  if (doc.bytes.length > MAX_DOC_BYTES) throw invalidField('docJson', tooLargeMessage());
  const kind = sniffDocument(doc.bytes, doc.fileName, doc.mimeType);
  if (!kind) throw invalidField('docJson', TYPE_NOT_ALLOWED);
  return { fileName: safeFileName(doc.fileName), mimeType: kind.mimeType, bytes: doc.bytes };
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
