// The spreadsheet writer: a valid zip (read back with node:zlib's CRC) holding an Office Open XML
// workbook with the sheet name, header, cells and hyperlinks.
import { crc32 as nodeCrc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32 } from './zipStore.ts';
import { buildXlsx, columnName, xmlEscape } from './xlsx.ts';

/** Entries of a stored (uncompressed) zip, read from its central directory. */
function readZip(data: Uint8Array): Map<string, string> {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const end = data.length - 22;
  expect(view.getUint32(end, true)).toBe(0x06054b50);
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const out = new Map<string, string>();
  const dec = new TextDecoder();
  for (let i = 0; i < count; i++) {
    expect(view.getUint32(at, true)).toBe(0x02014b50);
    const crc = view.getUint32(at + 16, true);
    const size = view.getUint32(at + 20, true);
    const nameLen = view.getUint16(at + 28, true);
    const local = view.getUint32(at + 42, true);
    const name = dec.decode(data.subarray(at + 46, at + 46 + nameLen));
    const localNameLen = view.getUint16(local + 26, true);
    const body = data.subarray(local + 30 + localNameLen, local + 30 + localNameLen + size);
    expect(nodeCrc32(body)).toBe(crc);
    out.set(name, dec.decode(body));
    at += 46 + nameLen;
  }
  return out;
}

describe('xlsx writer', () => {
  it('computes the zip CRC-32 like zlib', () => {
    const data = new TextEncoder().encode('The quick brown fox jumps over the lazy dog');
    expect(crc32(data)).toBe(nodeCrc32(data));
  });
  it('names columns A..Z, AA.. and escapes XML', () => {
    expect([0, 25, 26, 27, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AB', 'ZZ', 'AAA']);
    expect(xmlEscape('a<b & "c"\u0001')).toBe('a&lt;b &amp; &quot;c&quot;');
  });
  it('writes one sheet with its header, cells and external links', () => {
    const file = buildXlsx({
      sheetName: 'Transactions',
      header: ['Status', 'Amount', 'Explorer'],
      rows: [
        ['Successful', '32.00000000', 'https://etherscan.io/tx/0x1'],
        ['N/A', '0.1 < 1 & more', ''],
      ],
      linkColumns: [2],
      widths: [12, 14, 60],
    });
    const zip = readZip(file);
    expect([...zip.keys()]).toContain('[Content_Types].xml');
    expect(zip.get('xl/workbook.xml')).toContain('<sheet name="Transactions"');
    const sheet = zip.get('xl/worksheets/sheet1.xml')!;
    expect(sheet).toContain('<c r="A1" t="inlineStr" s="1"><is><t xml:space="preserve">Status</t></is></c>');
    expect(sheet).toContain(
      '<c r="B3" t="inlineStr"><is><t xml:space="preserve">0.1 &lt; 1 &amp; more</t></is></c>',
    );
    expect(sheet).toContain('<hyperlink ref="C2" r:id="rId1"/>');
    expect(sheet).not.toContain('ref="C3"');
    expect(zip.get('xl/worksheets/_rels/sheet1.xml.rels')).toContain(
      'Target="https://etherscan.io/tx/0x1" TargetMode="External"',
    );
  });

  it('writes amounts as numbers with their decimal places, other cells as text', () => {
    const zip = readZip(
      buildXlsx({
        sheetName: 'Payment History',
        header: ['Amount', 'Credits', 'Note'],
        rows: [
          ['8.0000', '1,234.50', '12'],
          ['', 'n/a', '-'],
        ],
        numberColumns: { 0: 4, 1: 2 },
      }),
    );
    const sheet = zip.get('xl/worksheets/sheet1.xml')!;
    expect(sheet).toContain('<c r="A2" s="4"><v>8.0000</v></c>');
    expect(sheet).toContain('<c r="B2" s="3"><v>1234.50</v></c>');
    // Not a number column, or not a number: text as before.
    expect(sheet).toContain('<c r="C2" t="inlineStr"><is><t xml:space="preserve">12</t></is></c>');
    expect(sheet).toContain('<c r="B3" t="inlineStr"><is><t xml:space="preserve">n/a</t></is></c>');
    const styles = zip.get('xl/styles.xml')!;
    expect(styles).toContain('<numFmt numFmtId="164" formatCode="#,##0.00"/>');
    expect(styles).toContain('<numFmt numFmtId="165" formatCode="#,##0.0000"/>');
    expect(styles).toContain('<cellXfs count="5">');
  });
});
