// What an upload is taken as: whole files of the accepted types (real files of each kind pass),
// and the files an attacker sends are refused with the spec's message or a clear one.
import { readFileSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { docMessages } from '@payd/schemas';
import { checkDocument, safeFileName, sniffDocument } from './docContent.ts';
import { writeZip } from './zip.ts';
import {
  deflatedZeros,
  docxOf,
  gif,
  jpegOf,
  jpegWithComment,
  pdfOf,
  pdfWithScriptInObjectStream,
  pngOf,
  xlsx,
  zipOf,
} from '../testing/docFixtures.ts';

const fixture = (path: string) => readFileSync(new URL(path, import.meta.url));
const html = Buffer.from(
  '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>\n',
);

/** The message checkDocument answers for `bytes`, or 'accepted'. */
async function verdict(bytes: Buffer, fileName = 'file', mimeType = ''): Promise<string> {
  try {
    await checkDocument({ bytes, fileName, mimeType });
    return 'accepted';
  } catch (e) {
    return (e as Error).message;
  }
}

describe('document types from whole files', () => {
  officeAndZipCases();
  imageAndPdfCases();
  nameCases();
});

function officeAndZipCases(): void {
  it('takes real files of every accepted type', async () => {
    expect((await sniffDocument(fixture('../kyc/fixtures/passport-specimen.png'), 'p', ''))?.kind).toBe(
      'png',
    );
    expect((await sniffDocument(fixture('../kyc/fixtures/passport-specimen.jpg'), 'p', ''))?.kind).toBe(
      'jpeg',
    );
    expect((await sniffDocument(fixture('../../../e2e/fixtures/docs/passport.png'), 'p', ''))?.kind).toBe(
      'png',
    );
    expect((await sniffDocument(fixture('../../../e2e/fixtures/docs/utility-bill.pdf'), 'b', ''))?.kind).toBe(
      'pdf',
    );
    expect((await sniffDocument(jpegOf(), 'x', ''))?.mimeType).toBe('image/jpeg');
    expect((await sniffDocument(pngOf(), 'x', ''))?.mimeType).toBe('image/png');
    expect((await sniffDocument(gif, 'x', ''))?.mimeType).toBe('image/gif');
    expect((await sniffDocument(pdfOf(), 'x', ''))?.mimeType).toBe('application/pdf');
    expect((await sniffDocument(docxOf(), 'x', ''))?.kind).toBe('docx');
    expect((await sniffDocument(await xlsx(), 'x', ''))?.kind).toBe('xlsx');
    expect((await sniffDocument(Buffer.from('name,amount\nAlice,10\n'), 'list.csv', ''))?.kind).toBe('csv');
  });

  it('refuses a zip that only names the Office parts, a zip bomb and a zip with html or a path out', async () => {
    // The strings alone, in a file of another kind.
    const strings = writeZip([
      {
        name: 'payload.html',
        data: Buffer.concat([html, Buffer.from('[Content_Types].xml word/document.xml')]),
        modified: new Date(),
      },
    ]);
    expect(await verdict(strings, 'letter.docx')).toBe(docMessages.typeNotAllowed);
    // The Office parts present but not declared as a Word document.
    expect(await verdict(docxOf([], 'application/xml'), 'letter.docx')).toBe(docMessages.typeNotAllowed);
    // 200 MB of zeros in one entry, honest about its size, and the same claiming 10 kB.
    const zeros = await deflatedZeros(200 * 1024 * 1024);
    expect(zeros.bytes.length).toBeLessThan(1024 * 1024);
    expect(await verdict(docxOf([{ name: 'word/media/bomb.xml', deflated: zeros }]))).toBe(
      docMessages.typeNotAllowed,
    );
    expect(await verdict(docxOf([{ name: 'word/media/bomb.xml', deflated: zeros, size: 10_000 }]))).toBe(
      docMessages.typeNotAllowed,
    );
    // Many entries of 40 MB each: the total is bounded too.
    const forty = await deflatedZeros(40 * 1024 * 1024);
    const many = [1, 2, 3].map((i) => ({ name: `word/media/part${i}.xml`, deflated: forty }));
    expect(await verdict(docxOf(many))).toBe(docMessages.typeNotAllowed);
    for (const name of [
      'word/index.html',
      '../../../etc/cron.d/x',
      '/etc/passwd',
      'word\\..\\x.xml',
      'word/run.exe',
      'word/vbaProject.bin',
    ])
      expect(await verdict(docxOf([{ name, data: Buffer.from('* * * * * root sh\n') }])), name).toBe(
        docMessages.typeNotAllowed,
      );
    // A macro-enabled document is not a .docx.
    expect(await verdict(docxOf([], 'application/vnd.ms-word.document.macroEnabled.main+xml'))).toBe(
      docMessages.typeNotAllowed,
    );
    // An entry whose bytes do not match its CRC, and bytes after the end record.
    const bad = docxOf([
      { name: 'word/styles.xml', data: Buffer.from('<w:styles>abc</w:styles>'), method: 0 },
    ]);
    bad.writeUInt8(bad[bad.indexOf('abc')]! ^ 1, bad.indexOf('abc'));
    expect(await verdict(bad)).toBe(docMessages.typeNotAllowed);
    expect(await verdict(Buffer.concat([docxOf(), html]))).toBe(docMessages.typeNotAllowed);
    // Entries may be stored (method 0) as well as deflated.
    expect(
      await verdict(docxOf([{ name: 'word/styles.xml', data: Buffer.from('<w:styles/>'), method: 0 }])),
    ).toBe('accepted');
    // Parts Word itself writes: media, fonts, and the '[trash]' of an edited Office 2007 file.
    const wordParts = [
      'word/media/image1.jpeg',
      'word/fonts/font1.odttf',
      '[trash]/0000.dat',
      'docProps/thumbnail.emf',
    ];
    expect(await verdict(docxOf(wordParts.map((name) => ({ name, data: Buffer.from('x') }))))).toBe(
      'accepted',
    );
    expect(await verdict(zipOf([{ name: 'a.txt', data: Buffer.from('a') }]), 'a.docx')).toBe(
      docMessages.typeNotAllowed,
    );
  });
}

function imageAndPdfCases(): void {
  it('refuses images that do not decode or carry HTML', async () => {
    const jpegMagicThenHtml = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), html]);
    expect(await verdict(jpegMagicThenHtml, 'photo.jpg', 'image/jpeg')).toBe(docMessages.typeNotAllowed);
    expect(await verdict(Buffer.concat([jpegOf(), html]), 'photo.jpg')).toBe(docMessages.typeNotAllowed);
    expect(await verdict(jpegWithComment(jpegOf(), '<script>alert(1)</script>'), 'photo.jpg')).toBe(
      docMessages.typeNotAllowed,
    );
    expect(await verdict(jpegWithComment(jpegOf(), 'Scanned by payd'), 'photo.jpg')).toBe('accepted');
    const cut = jpegOf();
    expect(await verdict(cut.subarray(0, cut.length - 40), 'photo.jpg')).toBe(docMessages.typeNotAllowed);
    expect(await verdict(Buffer.concat([pngOf(), html]), 'photo.png')).toBe(docMessages.typeNotAllowed);
    const scripted = pngOf(8, 8, [{ type: 'tEXt', data: Buffer.from('Comment\0<SCRIPT src=//evil>') }]);
    expect(await verdict(scripted, 'photo.png')).toBe(docMessages.typeNotAllowed);
    const noted = pngOf(8, 8, [{ type: 'tEXt', data: Buffer.from('Comment\0scanned 2026-05-01') }]);
    expect(await verdict(noted, 'photo.png')).toBe('accepted');
    const crc = pngOf();
    crc.writeUInt8(crc[crc.length - 20]! ^ 0xff, crc.length - 20); // inside IDAT
    expect(await verdict(crc, 'photo.png')).toBe(docMessages.typeNotAllowed);
    // Image data shorter than IHDR says: 8x8 announced, 8x4 sent.
    const short = pngOf(8, 4);
    short.writeUInt32BE(8, 20);
    short.writeUInt32BE(crc32(short.subarray(12, 29)), 29);
    expect(await verdict(short, 'photo.png')).toBe(docMessages.typeNotAllowed);
    expect(await verdict(Buffer.concat([gif, html]), 'a.gif')).toBe(docMessages.typeNotAllowed);
    expect(await verdict(Buffer.concat([Buffer.from('GIF89a'), html]), 'a.gif')).toBe(
      docMessages.typeNotAllowed,
    );
  });

  it('refuses HTML named .csv and PDFs with scripts, launch actions or attached files', async () => {
    expect(await verdict(html, 'list.csv', 'text/csv')).toBe(docMessages.typeNotAllowed);
    expect(await verdict(Buffer.from('name,link\nA,<a href="x">y</a>\n'), 'list.csv')).toBe(
      docMessages.typeNotAllowed,
    );
    const active = [
      pdfOf('/OpenAction << /S /JavaScript /JS (app.alert\\(1\\)) >>'),
      pdfOf('/OpenAction 4 0 R', '4 0 obj << /S /J#61vaScript /J#53 (x) >> endobj\n'),
      pdfOf('/OpenAction << /S /Launch /F (cmd.exe) >>'),
      pdfOf('/Names << /EmbeddedFiles 5 0 R >>', '5 0 obj << /Type /EmbeddedFile /Length 0 >> endobj\n'),
      pdfWithScriptInObjectStream(),
    ];
    for (const pdf of active) expect(await verdict(pdf, 'bill.pdf')).toBe(docMessages.pdfActiveContent);
    expect(await verdict(pdfOf('/Encrypt 6 0 R'), 'bill.pdf')).toBe(docMessages.pdfEncrypted);
    // An object stream packed so that it cannot be read here is not taken on trust.
    const hex = Buffer.from('4 0 << /S /JavaScript /JS (x) >>').toString('hex');
    const hexStream = pdfOf(
      '/OpenAction 4 0 R',
      `5 0 obj << /Type /ObjStm /N 1 /First 4 /Filter /ASCIIHexDecode /Length ${hex.length} >>\nstream\n${hex}\nendstream\nendobj\n`,
    );
    expect(await verdict(hexStream, 'bill.pdf')).toBe(docMessages.typeNotAllowed);
    expect(await verdict(Buffer.concat([pdfOf(), html]), 'bill.pdf')).toBe(docMessages.typeNotAllowed);
    expect(await verdict(pdfOf('/OpenAction [3 0 R /Fit]'), 'bill.pdf')).toBe('accepted');
  });

  it('answers a damaged file of any type with a field message, never anything else', async () => {
    const messages = new Set([
      'accepted',
      docMessages.typeNotAllowed,
      docMessages.pdfActiveContent,
      docMessages.pdfEncrypted,
    ]);
    const ole = Buffer.alloc(600);
    ole.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    const files = [
      pngOf(),
      jpegOf(),
      gif,
      pdfOf(),
      docxOf(),
      await xlsx(),
      pdfWithScriptInObjectStream(),
      ole,
    ];
    let seed = 15;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (const file of files) {
      for (let n = 0; n < 64; n++) expect(messages).toContain(await verdict(file.subarray(0, n), 'file.csv'));
      for (let i = 0; i < 60; i++) {
        const mutated = Buffer.from(
          file.subarray(0, i % 3 === 0 ? Math.floor(random() * file.length) : file.length),
        );
        for (let k = 0; k < 1 + (i % 4); k++)
          if (mutated.length)
            mutated.writeUInt8(Math.floor(random() * 256), Math.floor(random() * mutated.length));
        expect(messages).toContain(await verdict(mutated, 'file.csv'));
      }
    }
  });
}

function nameCases(): void {
  it('strips control and bidirectional characters from names and keeps the found type as extension', async () => {
    expect(safeFileName('invoice\u202Egnp.exe')).toBe('invoicegnp.exe');
    const rlo = await checkDocument({
      bytes: pngOf(),
      fileName: 'invoice\u202Egnp.exe',
      mimeType: 'image/png',
    });
    expect(rlo.fileName).toBe('invoicegnp.exe.png');
    for (const ch of [
      '\u202A',
      '\u202B',
      '\u202C',
      '\u202D',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
      '\u200E',
      '\u200F',
      '\u0000',
      '\u001b',
      '\u0085',
      '\u009b',
    ])
      expect(safeFileName(`a${ch}b.png`, 'png')).toBe('ab.png');
    expect(safeFileName('C:\\Users\\alice\\bill.pdf', 'pdf')).toBe('bill.pdf');
    expect(safeFileName('photo.JPG', 'jpeg')).toBe('photo.JPG');
    expect(safeFileName('page.html', 'png')).toBe('page.html.png');
    expect(safeFileName('\u202E', 'pdf')).toBe('document.pdf');
  });
}
