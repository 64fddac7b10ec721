// The statement PDFs (pdfkit, its built-in Helvetica): a header naming the month and the customer,
// then the figures as labelled lines, amounts printed exactly as the records give them.
import PDFDocument from 'pdfkit';
import { FEE_RULE_TEXT, shortMonthLabel } from '@payd/schemas';
import type { AccountFigures, ChargeLine, RewardFigures, ValidatorFigures } from './figures.ts';
import { lastDay } from './months.ts';

export interface StatementHeader {
  usrName: string;
  usrId: number;
  generatedOn: Date;
}

const PMT_TYPES: Record<string, [string, string]> = {
  C: ['Credit Card', 'USD'],
  T: ['FTX Payment', 'FTX'],
  E: ['ETH Payment', 'ETH'],
};

export type Doc = InstanceType<typeof PDFDocument>;

export function render(draw: (doc: Doc) => void, title: string, when: Date): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    info: { Title: title, Author: 'payd', CreationDate: when, ModDate: when },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc);
  doc.end();
  return done;
}

export function header(doc: Doc, title: string, month: string, h: StatementHeader) {
  doc.font('Helvetica-Bold').fontSize(18).text(title);
  doc.moveDown(0.3).font('Helvetica').fontSize(10);
  doc.text(`Period: ${month} to ${lastDay(month)} (${shortMonthLabel(month)}, UTC)`);
  doc.text(`Account: ${h.usrName} (customer ${h.usrId})`);
  doc.text(`Generated: ${h.generatedOn.toISOString()}`);
  doc.moveDown();
}

/** A label and its value on one line, the value right-aligned. */
function line(doc: Doc, label: string, value: string, bold = false) {
  const y = doc.y;
  const width = doc.page.width - 96;
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
  doc.text(label, 48, y, { width: width / 2, lineBreak: false });
  doc.text(value, 48 + width / 2, y, { width: width / 2, align: 'right' });
}

function validatorBlock(doc: Doc, v: ValidatorFigures, name: string) {
  if (doc.y > doc.page.height - 170) doc.addPage();
  doc.font('Helvetica-Bold').fontSize(11).text(name, 48);
  if (v.pubKey) doc.font('Helvetica').fontSize(7).text(v.pubKey, 48);
  doc.moveDown(0.2);
  line(doc, 'Opening balance', `${v.opening} ETH`);
  line(doc, 'Deposits', `${v.deposits} ETH`);
  line(doc, 'Consensus rewards', `${v.consensusRewards} ETH`);
  line(doc, 'Fees rewards', `${v.feesRewards} ETH`);
  line(doc, 'MEV rewards', `${v.mevRewards} ETH`);
  line(doc, 'Withdrawals', `${v.withdrawals} ETH`);
  line(doc, 'Closing balance', `${v.closing} ETH`, true);
  doc.moveDown();
}

export function rewardStatementPdf(f: RewardFigures, h: StatementHeader): Promise<Buffer> {
  const title = 'Monthly Reward Statement';
  return render(
    (doc) => {
      header(doc, title, f.month, h);
      doc
        .fontSize(8)
        .text(
          'Balances are what the beacon chain holds for each validator: deposits, consensus rewards ' +
            'and withdrawals. Fees and MEV are paid to the fee recipient.',
        )
        .moveDown();
      if (!f.validators.length) doc.fontSize(10).text('No validators in this period.');
      for (const v of f.validators)
        validatorBlock(doc, v, `Validator ${v.validatorIndex ?? 'pending'} (id ${v.validatorId})`);
      validatorBlock(doc, f.total, `All validators (${f.validators.length})`);
    },
    `${title} ${shortMonthLabel(f.month)}`,
    h.generatedOn,
  );
}

/** '2026-05-02 2 validator(s), 96 ETH effective balance': what a day's charge was for. */
export function chargeLineLabel(c: ChargeLine): string {
  return `${c.day} ${c.validators} validator(s), ${c.effectiveEth} ETH effective balance`;
}

export function accountStatementPdf(f: AccountFigures, h: StatementHeader): Promise<Buffer> {
  const title = 'Monthly Account Statement';
  return render(
    (doc) => {
      header(doc, title, f.month, h);
      line(doc, 'Credits opening balance', `${f.opening} CR`);
      line(doc, 'Top-ups', `${f.topUps} CR`);
      line(doc, 'Charges', `${f.charges} CR`);
      line(doc, 'Closing balance', `${f.closing} CR`, true);
      doc.moveDown();
      doc.font('Helvetica-Bold').fontSize(11).text('Top-ups', 48);
      if (!f.topUpLines.length) doc.font('Helvetica').fontSize(10).text('None.');
      for (const t of f.topUpLines) {
        const [type, currency] = PMT_TYPES[t.type] ?? ['Arbitrary', ''];
        line(doc, `${t.paidOn.slice(0, 10)} ${type} ${t.amount} ${currency}`, `${t.credits} CR`);
      }
      doc.moveDown();
      doc.font('Helvetica-Bold').fontSize(11).text('Daily charges', 48);
      doc.font('Helvetica').fontSize(8).text(FEE_RULE_TEXT, 48).moveDown(0.3);
      if (!f.chargeLines.length) doc.font('Helvetica').fontSize(10).text('None.');
      for (const c of f.chargeLines) {
        if (doc.y > doc.page.height - 64) doc.addPage();
        line(doc, chargeLineLabel(c), `${c.credits} CR`);
      }
    },
    `${title} ${shortMonthLabel(f.month)}`,
    h.generatedOn,
  );
}
