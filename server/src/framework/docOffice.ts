// Office Open XML (.docx/.xlsx) taken only as a real zip of the expected parts (docInspect.ts).
import { crc32 } from 'node:zlib';
import { INSPECT_LIMITS, inflateBounded, refuse } from './docInspect.ts';

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
