// Small files for the upload tests, built here rather than shipped: real ones of each accepted
// type and the hostile ones an attacker sends (zip bombs, path-traversing zips, polyglots, active
// PDFs). Nothing large is kept in memory: the zip bomb is deflated as a stream.
import { createDeflateRaw, crc32, deflateRawSync, deflateSync } from 'node:zlib';
import jpeg from 'jpeg-js';
import ExcelJS from 'exceljs';

/** A zip entry to write: stored (method 0) or deflated (8); `size`/`crc` may lie. */
export interface RawEntry {
  name: string;
  data?: Buffer;
  /** Already deflated bytes (with `size` and `crc` of what they inflate to). */
  deflated?: { bytes: Buffer; size: number; crc: number };
  method?: 0 | 8;
  /** Declared uncompressed size (defaults to the true one). */
  size?: number;
}

/** A zip with a central directory, entries stored or deflated, sizes as declared. */
export function zipOf(entries: RawEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const method = e.deflated ? 8 : (e.method ?? 8);
    const data = e.data ?? Buffer.alloc(0);
    const body = e.deflated ? e.deflated.bytes : method === 8 ? deflateRawSync(data) : data;
    const crc = e.deflated ? e.deflated.crc : crc32(data);
    const size = e.size ?? (e.deflated ? e.deflated.size : data.length);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += 30 + name.length + body.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

const CONTENT_TYPES = (main: string) =>
  Buffer.from(
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      `<Override PartName="/word/document.xml" ContentType="${main}"/></Types>`,
  );
const WORD_MAIN = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';
const RELS = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
    '</Relationships>',
);
const DOCUMENT = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
    '<w:body><w:p><w:r><w:t>Letter</w:t></w:r></w:p></w:body></w:document>',
);

/** The parts of a minimal Word document (deflated, as Word writes them), plus `extra`. */
export function docxOf(extra: RawEntry[] = [], main = WORD_MAIN): Buffer {
  return zipOf([
    { name: '[Content_Types].xml', data: CONTENT_TYPES(main) },
    { name: '_rels/.rels', data: RELS },
    { name: 'word/document.xml', data: DOCUMENT },
    ...extra,
  ]);
}

/** A real .xlsx as exceljs writes it. */
export async function xlsx(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('Sheet1').addRow(['Name', 'Amount']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** `size` bytes of zeros deflated as a stream (200 MB gives about 200 kB). */
export async function deflatedZeros(size: number): Promise<{ bytes: Buffer; size: number; crc: number }> {
  const chunk = Buffer.alloc(1024 * 1024);
  const z = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  z.on('data', (b: Buffer) => out.push(b));
  const done = new Promise((resolve, reject) => {
    z.on('end', resolve);
    z.on('error', reject);
  });
  let crc = 0;
  for (let left = size; left > 0; left -= chunk.length) {
    const part = chunk.subarray(0, Math.min(chunk.length, left));
    crc = crc32(part, crc);
    if (!z.write(part)) await new Promise((r) => z.once('drain', r));
  }
  z.end();
  await done;
  return { bytes: Buffer.concat(out), size, crc };
}

/** A real JPEG (`w`x`h`, a gradient). */
export function jpegOf(w = 48, h = 32): Buffer {
  const data = Buffer.alloc(w * h * 4);
  for (let i = 0; i < w * h; i++) data.set([(i * 7) % 256, (i * 3) % 256, 128, 255], i * 4);
  return Buffer.from(jpeg.encode({ data, width: w, height: h }, 80).data);
}

/** `jpeg` with a comment segment (COM) holding `text`, right after SOI. */
export function jpegWithComment(image: Buffer, text: string): Buffer {
  const body = Buffer.from(text, 'latin1');
  const seg = Buffer.alloc(4);
  seg.writeUInt16BE(0xfffe, 0);
  seg.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([image.subarray(0, 2), seg, body, image.subarray(2)]);
}

/** A PNG chunk with its CRC. */
function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A real RGB PNG (`w`x`h`), with extra chunks before the image data. */
export function pngOf(w = 8, h = 8, extra: { type: string; data: Buffer }[] = []): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.alloc(h * (1 + w * 3));
  for (let y = 0; y < h; y++) raw[y * (1 + w * 3)] = y % 5; // every filter type
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    ...extra.map((c) => chunk(c.type, c.data)),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A 1x1 GIF. */
export const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** A one-page PDF with `extra` in its catalog and `objects` after it. */
export function pdfOf(extra = '', objects = ''): Buffer {
  return Buffer.from(
    '%PDF-1.7\n' +
      `1 0 obj << /Type /Catalog /Pages 2 0 R ${extra} >> endobj\n` +
      '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n' +
      '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >> endobj\n' +
      objects +
      'trailer << /Root 1 0 R >>\n%%EOF\n',
    'latin1',
  );
}

/** A PDF whose JavaScript action sits in a compressed object stream (PDF 1.5). */
export function pdfWithScriptInObjectStream(): Buffer {
  const inner = Buffer.from('4 0 << /S /JavaScript /JS (app.alert\\(1\\)) >>', 'latin1');
  const packed = deflateSync(inner);
  return Buffer.concat([
    Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R >> endobj\n'),
    Buffer.from('2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n'),
    Buffer.from(
      `5 0 obj << /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${packed.length} >>\nstream\n`,
    ),
    packed,
    Buffer.from('\nendstream\nendobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
  ]);
}
