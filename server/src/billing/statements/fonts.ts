// The fonts a statement PDF is drawn with (issue 28). English, German, French and Spanish keep
// pdfkit's built-in Helvetica and Courier (WinAnsi covers their letters; no font is embedded, so an
// English statement stays byte for byte as before). Simplified Chinese is drawn with Noto Sans SC
// (SIL Open Font License 1.1, from the npm package @fontsource/noto-sans-sc: its one-file
// "chinese-simplified" cut, which also has Latin letters and digits); pdfkit embeds only the glyphs
// a statement uses.
import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export interface StatementFonts {
  regular: string;
  bold: string;
  /** A fixed-width font for the combined statement's lines; null when the lines go in columns. */
  mono: string | null;
  /** Font files a document registers under these names before drawing (none for built-ins). */
  files: Readonly<Record<string, Buffer>>;
}

export const BUILT_IN_FONTS: StatementFonts = {
  regular: 'Helvetica',
  bold: 'Helvetica-Bold',
  mono: 'Courier',
  files: {},
};

const NOTO_PACKAGE = '@fontsource/noto-sans-sc';

/** The file of one weight of the package's Simplified Chinese cut (WOFF, which pdfkit reads). */
export function notoSansScFile(weight: 400 | 700): string {
  // The package exports its LICENSE but no font path; the files sit beside it.
  const dir = dirname(createRequire(import.meta.url).resolve(`${NOTO_PACKAGE}/LICENSE`));
  return join(dir, 'files', `noto-sans-sc-chinese-simplified-${weight}-normal.woff`);
}

/**
 * A WOFF 1.0 file as the plain TrueType/OpenType font it wraps (W3C WOFF: a 44-byte header, then a
 * 20-byte entry per table, each table zlib-compressed unless no smaller). fontkit reads WOFF but
 * inflates a table again on every read, which makes subsetting thousands of glyphs take seconds.
 */
export function sfntOfWoff(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF 1.0 font');
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const e = 44 + i * 20;
    const [offset, compLength, origLength] = [
      woff.readUInt32BE(e + 4),
      woff.readUInt32BE(e + 8),
      woff.readUInt32BE(e + 12),
    ];
    const stored = woff.subarray(offset, offset + compLength);
    return {
      tag: woff.readUInt32BE(e),
      checksum: woff.readUInt32BE(e + 16),
      data: compLength < origLength ? inflateSync(stored) : stored,
    };
  });
  const headerSize = 12 + numTables * 16;
  const padded = (n: number) => (n + 3) & ~3;
  const out = Buffer.alloc(headerSize + tables.reduce((sum, t) => sum + padded(t.data.length), 0));
  const power = 2 ** Math.floor(Math.log2(numTables));
  out.writeUInt32BE(woff.readUInt32BE(4), 0); // the wrapped font's flavour
  out.writeUInt16BE(numTables, 4);
  out.writeUInt16BE(power * 16, 6);
  out.writeUInt16BE(Math.log2(power), 8);
  out.writeUInt16BE(numTables * 16 - power * 16, 10);
  let at = headerSize;
  for (const [i, t] of tables.entries()) {
    const r = 12 + i * 16;
    out.writeUInt32BE(t.tag, r);
    out.writeUInt32BE(t.checksum, r + 4);
    out.writeUInt32BE(at, r + 8);
    out.writeUInt32BE(t.data.length, r + 12);
    t.data.copy(out, at);
    at += padded(t.data.length);
  }
  return out;
}

let chinese: StatementFonts | undefined;

/** Noto Sans SC, regular and bold; read once, on the first Chinese statement. */
export function chineseFonts(): StatementFonts {
  chinese ??= {
    regular: 'NotoSansSC',
    bold: 'NotoSansSC-Bold',
    mono: null,
    files: {
      NotoSansSC: sfntOfWoff(readFileSync(notoSansScFile(400))),
      'NotoSansSC-Bold': sfntOfWoff(readFileSync(notoSansScFile(700))),
    },
  };
  return chinese;
}
