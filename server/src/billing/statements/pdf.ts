// The statement PDFs (pdfkit; the language's fonts, fonts.ts): a header naming the month and the customer,
// then the figures as labelled lines, amounts printed exactly as the records give them. The words,
// figures and dates are in the owner's language (words.ts; English byte for byte as before).
import PDFDocument from 'pdfkit';
import type { AccountFigures, ChargeLine, RewardFigures, ValidatorFigures } from './figures.ts';
import type { StatementFonts } from './fonts.ts';
import { lastDay } from './months.ts';
import { statementWords, type StatementWords } from './words.ts';

export interface StatementHeader {
  usrName: string;
  usrId: number;
  generatedOn: Date;
  /** The owner's culture (users.culture_id); English when absent. */
  cultureId?: number;
}

const PMT_CURRENCIES: Record<string, string> = { C: 'USD', T: 'FTX', E: 'ETH' };

export type Doc = InstanceType<typeof PDFDocument>;

export function render(
  draw: (doc: Doc) => void,
  title: string,
  when: Date,
  fonts: StatementFonts,
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    info: { Title: title, Author: 'payd', CreationDate: when, ModDate: when },
  });
  for (const [name, file] of Object.entries(fonts.files)) doc.registerFont(name, file);
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

export function header(doc: Doc, title: string, month: string, h: StatementHeader, w: StatementWords) {
  doc.font(w.fonts.bold).fontSize(18).text(title);
  doc.moveDown(0.3).font(w.fonts.regular).fontSize(10);
  doc.text(
    w.i18n._('srv.statement.period', {
      from: w.day(month),
      to: w.day(lastDay(month)),
      month: w.month(month),
    }),
  );
  doc.text(w.i18n._('srv.statement.account', { name: h.usrName, id: String(h.usrId) }));
  doc.text(w.i18n._('srv.statement.generated', { when: w.when(h.generatedOn) }));
  doc.moveDown();
}

/** A label and its value on one line, the value right-aligned. */
function line(doc: Doc, w: StatementWords, label: string, value: string, bold = false) {
  const y = doc.y;
  const width = doc.page.width - 96;
  doc.font(bold ? w.fonts.bold : w.fonts.regular).fontSize(10);
  doc.text(label, 48, y, { width: width / 2, lineBreak: false });
  doc.text(value, 48 + width / 2, y, { width: width / 2, align: 'right' });
}

function validatorBlock(doc: Doc, v: ValidatorFigures, name: string, w: StatementWords) {
  if (doc.y > doc.page.height - 170) doc.addPage();
  doc.font(w.fonts.bold).fontSize(11).text(name, 48);
  if (v.pubKey) doc.font(w.fonts.regular).fontSize(7).text(v.pubKey, 48);
  doc.moveDown(0.2);
  const eth = (x: string) => `${w.num(x)} ETH`;
  line(doc, w, w.i18n._('srv.statement.opening'), eth(v.opening));
  line(doc, w, w.i18n._('srv.statement.deposits'), eth(v.deposits));
  line(doc, w, w.i18n._('srv.statement.consensus'), eth(v.consensusRewards));
  line(doc, w, w.i18n._('srv.statement.fees'), eth(v.feesRewards));
  line(doc, w, w.i18n._('srv.statement.mev'), eth(v.mevRewards));
  line(doc, w, w.i18n._('srv.statement.withdrawals'), eth(v.withdrawals));
  line(doc, w, w.i18n._('srv.statement.closing'), eth(v.closing), true);
  doc.moveDown();
}

export function rewardStatementPdf(f: RewardFigures, h: StatementHeader): Promise<Buffer> {
  const w = statementWords(h.cultureId);
  const title = w.i18n._('srv.statement.reward.title');
  return render(
    (doc) => {
      header(doc, title, f.month, h, w);
      doc.fontSize(8).text(w.i18n._('srv.statement.rewardNote')).moveDown();
      if (!f.validators.length) doc.fontSize(10).text(w.i18n._('srv.statement.noValidators'));
      for (const v of f.validators) {
        const id = String(v.validatorId);
        const name =
          v.validatorIndex === null || v.validatorIndex === undefined
            ? w.i18n._('srv.statement.validatorPending', { id })
            : w.i18n._('srv.statement.validator', { index: String(v.validatorIndex), id });
        validatorBlock(doc, v, name, w);
      }
      validatorBlock(
        doc,
        f.total,
        w.i18n._('srv.statement.allValidators', { count: String(f.validators.length) }),
        w,
      );
    },
    `${title} ${w.month(f.month)}`,
    h.generatedOn,
    w.fonts,
  );
}

/** '2026-05-02 2 validator(s), 96 ETH effective balance': what a day's charge was for. */
export function chargeLineLabel(c: ChargeLine, w: StatementWords = statementWords(undefined)): string {
  return w.i18n._('srv.statement.chargeLine', {
    day: w.day(c.day),
    validators: c.validators,
    count: String(c.validators),
    eth: w.num(c.effectiveEth),
  });
}

export function accountStatementPdf(f: AccountFigures, h: StatementHeader): Promise<Buffer> {
  const w = statementWords(h.cultureId);
  const _ = (id: string) => w.i18n._(id);
  const cr = (x: string) => `${w.num(x)} CR`;
  const title = _('srv.statement.account.title');
  return render(
    (doc) => {
      header(doc, title, f.month, h, w);
      line(doc, w, _('srv.statement.creditsOpening'), cr(f.opening));
      line(doc, w, _('srv.statement.topUps'), cr(f.topUps));
      line(doc, w, _('srv.statement.charges'), cr(f.charges));
      line(doc, w, _('srv.statement.closing'), cr(f.closing), true);
      doc.moveDown();
      doc.font(w.fonts.bold).fontSize(11).text(_('srv.statement.topUps'), 48);
      if (!f.topUpLines.length) doc.font(w.fonts.regular).fontSize(10).text(_('srv.statement.none'));
      for (const t of f.topUpLines) {
        const currency = PMT_CURRENCIES[t.type];
        const type = currency ? _(`srv.statement.pmt.${t.type}`) : _('srv.statement.pmt.other');
        line(
          doc,
          w,
          `${w.day(t.paidOn.slice(0, 10))} ${type} ${w.num(t.amount)} ${currency ?? ''}`,
          cr(t.credits),
        );
      }
      doc.moveDown();
      doc.font(w.fonts.bold).fontSize(11).text(_('srv.statement.dailyCharges'), 48);
      doc.font(w.fonts.regular).fontSize(8).text(_('payment.msg.feeRule'), 48).moveDown(0.3);
      if (!f.chargeLines.length) doc.font(w.fonts.regular).fontSize(10).text(_('srv.statement.none'));
      for (const c of f.chargeLines) {
        if (doc.y > doc.page.height - 64) doc.addPage();
        line(doc, w, chargeLineLabel(c, w), cr(c.credits));
      }
    },
    `${title} ${w.month(f.month)}`,
    h.generatedOn,
    w.fonts,
  );
}
