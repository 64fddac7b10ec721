// A minimal spreadsheet writer (Office Open XML, .xlsx) for the web's exports (the dashboard's
// transactions, Payment History): one sheet of text and number cells with a bold header row, column
// widths and external hyperlinks, zipped without compression. Small enough to keep the export out of the bundle's weight; Excel, LibreOffice and
// exceljs open it.
import { zipStore } from './zipStore.ts';

const enc = new TextEncoder();

export function xmlEscape(s: string): string {
  // Characters XML 1.0 does not allow are dropped.
  return (
    s
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
  );
}

/** 'A', 'B', … 'Z', 'AA', … for a 0-based column. */
export function columnName(i: number): string {
  let s = '';
  let n = i + 1;
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

export interface SheetSpec {
  sheetName: string;
  header: readonly string[];
  rows: ReadonlyArray<readonly string[]>;
  /** Column widths in characters. */
  widths?: readonly number[];
  /** 0-based columns whose non-empty cells are external links to their own text. */
  linkColumns?: readonly number[];
  /**
   * 0-based columns of amounts, each with the decimal places it shows: their decimal texts
   * (thousands separators allowed) are written as numbers a spreadsheet can add up, not as text.
   */
  numberColumns?: Readonly<Record<number, number>>;
}

const NUMBER = /^-?\d+(?:\.\d+)?$/;
/** Custom number formats start at id 164; cell styles 0-2 are plain, header and link. */
const FIRST_NUM_FMT = 164;
const FIRST_NUMBER_STYLE = 3;

/** The distinct decimal places of the number columns, in a fixed order (one style each). */
function placesOf(spec: SheetSpec): number[] {
  return [...new Set(Object.values(spec.numberColumns ?? {}))].sort((a, b) => a - b);
}

function numFmtsXml(places: readonly number[]): string {
  if (!places.length) return '';
  const fmts = places.map(
    (p, i) =>
      `<numFmt numFmtId="${FIRST_NUM_FMT + i}" formatCode="${p > 0 ? `#,##0.${'0'.repeat(p)}` : '#,##0'}"/>`,
  );
  return `<numFmts count="${places.length}">${fmts.join('')}</numFmts>`;
}

/** The .xlsx file of one sheet. */
export function buildXlsx(spec: SheetSpec): Uint8Array {
  const links: Array<{ ref: string; url: string }> = [];
  const places = placesOf(spec);
  const cell = (ref: string, text: string, style: number) =>
    `<c r="${ref}" t="inlineStr"${style ? ` s="${style}"` : ''}><is><t xml:space="preserve">${xmlEscape(text)}</t></is></c>`;
  const numberCell = (ref: string, text: string, column: number) => {
    const value = text.replace(/,/g, '');
    const p = spec.numberColumns?.[column];
    if (p === undefined || !NUMBER.test(value)) return null;
    return `<c r="${ref}" s="${FIRST_NUMBER_STYLE + places.indexOf(p)}"><v>${value}</v></c>`;
  };
  const rowsXml = [spec.header, ...spec.rows]
    .map((row, r) => {
      const cells = row
        .map((text, c) => {
          const ref = `${columnName(c)}${r + 1}`;
          const link = r > 0 && text && spec.linkColumns?.includes(c);
          if (link) links.push({ ref, url: text });
          const number = r > 0 && !link ? numberCell(ref, text, c) : null;
          return number ?? cell(ref, text, r === 0 ? 1 : link ? 2 : 0);
        })
        .join('');
      return `<row r="${r + 1}">${cells}</row>`;
    })
    .join('');
  const cols = spec.widths?.length
    ? `<cols>${spec.widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`).join('')}</cols>`
    : '';
  const hyperlinks = links.length
    ? `<hyperlinks>${links.map((l, i) => `<hyperlink ref="${l.ref}" r:id="rId${i + 1}"/>`).join('')}</hyperlinks>`
    : '';
  const sheet =
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` +
    `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">` +
    `<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>` +
    `${cols}<sheetData>${rowsXml}</sheetData>${hyperlinks}</worksheet>`;
  const sheetRels =
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` +
    `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
    links
      .map(
        (l, i) =>
          `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="${xmlEscape(l.url)}" TargetMode="External"/>`,
      )
      .join('') +
    `</Relationships>`;
  const files: Array<{ name: string; data: Uint8Array }> = [
    {
      name: '[Content_Types].xml',
      data: enc.encode(
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` +
          `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
          `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
          `<Default Extension="xml" ContentType="application/xml"/>` +
          `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
          `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>` +
          `<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>` +
          `</Types>`,
      ),
    },
    {
      name: '_rels/.rels',
      data: enc.encode(
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` +
          `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
          `<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>` +
          `</Relationships>`,
      ),
    },
    {
      name: 'xl/workbook.xml',
      data: enc.encode(
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` +
          `<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">` +
          `<sheets><sheet name="${xmlEscape(spec.sheetName.slice(0, 31))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: enc.encode(
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` +
          `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
          `<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>` +
          `<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>` +
          `</Relationships>`,
      ),
    },
    {
      name: 'xl/styles.xml',
      data: enc.encode(
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` +
          `<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">` +
          numFmtsXml(places) +
          `<fonts count="3"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font>` +
          `<font><u/><sz val="11"/><color rgb="FF0563C1"/><name val="Calibri"/></font></fonts>` +
          `<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>` +
          `<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>` +
          `<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>` +
          `<cellXfs count="${FIRST_NUMBER_STYLE + places.length}"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>` +
          `<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>` +
          `<xf numFmtId="0" fontId="2" fillId="0" borderId="0" xfId="0" applyFont="1"/>` +
          places
            .map(
              (_, i) =>
                `<xf numFmtId="${FIRST_NUM_FMT + i}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>`,
            )
            .join('') +
          `</cellXfs>` +
          `</styleSheet>`,
      ),
    },
    { name: 'xl/worksheets/sheet1.xml', data: enc.encode(sheet) },
  ];
  if (links.length) files.push({ name: 'xl/worksheets/_rels/sheet1.xml.rels', data: enc.encode(sheetRels) });
  return zipStore(files);
}

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
