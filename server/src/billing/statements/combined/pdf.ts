// The combined statement's PDF (pdfkit, as the reward and account statements): the header, how
// lines are valued and where the prices come from, then each section's lines (date, description,
// amount, value in ETH and in USD; the transaction or record under it) and total, then the ETH/USD
// price of each day. The lines are the CSV's (csv.ts), printed as the figures give them, worded and
// with figures in the owner's language (words.ts: English byte for byte). Chinese has no fixed-width
// font here (fonts.ts): its lines go in columns where the fixed-width text would put them.
import { header, render, type Doc, type StatementHeader } from '../pdf.ts';
import { statementWords, type StatementWords } from '../words.ts';
import { say, type CombinedFigures, type StatementLine } from './figures.ts';

/** The English title (the spec's); a statement says `srv.combined.title` in its owner's language. */
export const COMBINED_TITLE = 'Monthly Combined Statement';

/** A value with its unit, or 'n/a' when no price was known. */
const valueText = (w: StatementWords, v: string | null, unit: string) =>
  v === null ? w.i18n._('srv.combined.na') : `${w.num(v)} ${unit}`;

/** A line's cells and their widths in characters of the fixed-width font; the first two go left. */
function cells(l: StatementLine, w: StatementWords): [string, number][] {
  return [
    [l.day, 10],
    [say(w.i18n, l.label), 34],
    [`${w.num(l.amount)} ${l.unit}`, 30],
    [valueText(w, l.eth, 'ETH'), 26],
    [valueText(w, l.usd, 'USD'), 16],
  ];
}

/** A line's text as the PDF prints it (one row in a fixed-width font). */
export function lineText(l: StatementLine, w: StatementWords = statementWords(undefined)): string {
  return cells(l, w)
    .map(([text, width], i) => (i < 2 ? text.padEnd(width) : text.padStart(width)))
    .join(' ');
}

const LINE_SIZE = 6.5;

/** One line: a row of fixed-width text, or (no fixed-width font) its cells where that row has them. */
function drawLine(doc: Doc, l: StatementLine, w: StatementWords) {
  if (w.fonts.mono) {
    doc.font(w.fonts.mono).fontSize(LINE_SIZE).text(lineText(l, w), 48);
    return;
  }
  const char = LINE_SIZE * 0.6; // Courier's advance
  const y = doc.y;
  let x = 48;
  doc.font(w.fonts.regular).fontSize(LINE_SIZE);
  for (const [i, [text, width]] of cells(l, w).entries()) {
    const align = i < 2 ? 'left' : 'right';
    doc.text(text, x, y, { width: width * char, align, lineBreak: false, ellipsis: true });
    x += (width + 1) * char;
  }
  doc.x = 48;
  doc.y = y + doc.currentLineHeight(true);
}

function ensureRoom(doc: Doc, needed: number) {
  if (doc.y > doc.page.height - 48 - needed) doc.addPage();
}

/** The header's wallets and how the lines are valued. */
function valuation(doc: Doc, f: CombinedFigures, w: StatementWords) {
  const t = (id: string, values?: Record<string, unknown>) => w.i18n._(`srv.combined.${id}`, values);
  doc.fontSize(8);
  doc.text(t('wallets', { wallets: f.wallets.length ? f.wallets.join(', ') : t('noWallets') }));
  doc.text(
    t('values', {
      source: say(w.i18n, f.ethUsdSource),
      creditUsd: w.num(f.creditUsd),
      ftx: f.ftxUsdSource ? t('ftxPriced', { source: say(w.i18n, f.ftxUsdSource) }) : t('ftxUnpriced'),
    }),
  );
  doc.moveDown();
}

export function combinedStatementPdf(f: CombinedFigures, h: StatementHeader): Promise<Buffer> {
  const w = statementWords(h.cultureId);
  const t = (id: string, values?: Record<string, unknown>) => w.i18n._(`srv.combined.${id}`, values);
  const title = t('title');
  return render(
    (doc) => {
      header(doc, title, f.month, h, w);
      valuation(doc, f, w);
      for (const s of f.sections) {
        const name = t(`section.${s.id}`);
        ensureRoom(doc, 40);
        doc.font(w.fonts.bold).fontSize(11).text(name, 48);
        doc.moveDown(0.2);
        if (!s.lines.length) doc.font(w.fonts.regular).fontSize(9).text(w.i18n._('srv.statement.none'), 48);
        for (const l of s.lines) {
          ensureRoom(doc, 16);
          drawLine(doc, l, w);
          doc
            .font(w.fonts.regular)
            .fontSize(5.5)
            .fillColor('#666666')
            .text(`    ${say(w.i18n, l.ref)}`, 48)
            .fillColor('black');
        }
        const unvalued = s.unvalued ? ` ${t('unvalued', { count: s.unvalued, n: String(s.unvalued) })}` : '';
        doc
          .font(w.fonts.bold)
          .fontSize(9)
          .text(t('total', { section: name, eth: w.num(s.eth), usd: w.num(s.usd) }) + unvalued, 48);
        doc.moveDown();
      }
      ensureRoom(doc, 40);
      doc.font(w.fonts.bold).fontSize(11).text(t('pricesTitle'), 48);
      doc
        .font(w.fonts.regular)
        .fontSize(8)
        .text(t('pricesSource', { source: say(w.i18n, f.ethUsdSource) }), 48);
      doc.moveDown(0.2);
      for (const p of f.prices) {
        ensureRoom(doc, 10);
        doc
          .font(w.fonts.mono ?? w.fonts.regular)
          .fontSize(7)
          .text(`${p.day} ${valueText(w, p.price, 'USD')}`, 48);
      }
    },
    `${title} ${w.month(f.month)}`,
    h.generatedOn,
    w.fonts,
  );
}
