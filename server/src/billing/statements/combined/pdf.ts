// The combined statement's PDF (pdfkit, as the reward and account statements): the header, how
// lines are valued and where the prices come from, then each section's lines (date, description,
// amount, value in ETH and in USD; the transaction or record under it) and total, then the ETH/USD
// price of each day. The lines are the CSV's (csv.ts), printed exactly as the figures give them.
import { shortMonthLabel } from '@payd/schemas';
import { header, render, type Doc, type StatementHeader } from '../pdf.ts';
import { statementWords } from '../words.ts';
import type { CombinedFigures, StatementLine } from './figures.ts';

export const COMBINED_TITLE = 'Monthly Combined Statement';

const na = (v: string | null, unit: string) => (v === null ? 'n/a' : `${v} ${unit}`);

/** A line's text as the PDF prints it (one row in a fixed-width font). */
export function lineText(l: StatementLine): string {
  return [
    l.day,
    l.label.padEnd(34),
    `${l.amount} ${l.unit}`.padStart(30),
    na(l.eth, 'ETH').padStart(26),
    na(l.usd, 'USD').padStart(16),
  ].join(' ');
}

function ensureRoom(doc: Doc, needed: number) {
  if (doc.y > doc.page.height - 48 - needed) doc.addPage();
}

export function combinedStatementPdf(f: CombinedFigures, h: StatementHeader): Promise<Buffer> {
  return render(
    (doc) => {
      // Still English: its sections and lines are worded by figures.ts.
      header(doc, COMBINED_TITLE, f.month, h, statementWords(undefined));
      doc.fontSize(8);
      doc.text(`Wallets: ${f.wallets.length ? f.wallets.join(', ') : 'none registered'}`);
      doc.text(
        `Values: ETH and FETH (1 FETH is a claim on 1 ETH) at the ETH/USD price of the line's day, the last price ` +
          `of that UTC day from the ${f.ethUsdSource}; PAYD at its face value of 1 USD; credits at ` +
          `${f.creditUsd} USD each; FTX ${f.ftxUsdSource ? `at the price of the day from ${f.ftxUsdSource}` : 'not valued (no FTX/USD price)'}. ` +
          'USD values are rounded to the cent per line; totals add the lines.',
      );
      doc.moveDown();
      for (const s of f.sections) {
        ensureRoom(doc, 40);
        doc.font('Helvetica-Bold').fontSize(11).text(s.title, 48);
        doc.moveDown(0.2);
        if (!s.lines.length) doc.font('Helvetica').fontSize(9).text('None.', 48);
        for (const l of s.lines) {
          ensureRoom(doc, 16);
          doc.font('Courier').fontSize(6.5).text(lineText(l), 48);
          doc
            .font('Helvetica')
            .fontSize(5.5)
            .fillColor('#666666')
            .text(`    ${l.ref}`, 48)
            .fillColor('black');
        }
        doc
          .font('Helvetica-Bold')
          .fontSize(9)
          .text(
            `Total ${s.title}: ${s.eth} ETH, ${s.usd} USD` +
              (s.unvalued ? ` (${s.unvalued} line(s) without a price not included)` : ''),
            48,
          );
        doc.moveDown();
      }
      ensureRoom(doc, 40);
      doc.font('Helvetica-Bold').fontSize(11).text('ETH/USD price of each day', 48);
      doc.font('Helvetica').fontSize(8).text(`Last price of each UTC day from the ${f.ethUsdSource}.`, 48);
      doc.moveDown(0.2);
      for (const p of f.prices) {
        ensureRoom(doc, 10);
        doc
          .font('Courier')
          .fontSize(7)
          .text(`${p.day} ${na(p.price, 'USD')}`, 48);
      }
    },
    `${COMBINED_TITLE} ${shortMonthLabel(f.month)}`,
    h.generatedOn,
  );
}
