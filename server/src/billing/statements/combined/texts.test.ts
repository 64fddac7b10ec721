// The combined statement in its owner's language (issue 28): English as before, word for word (the
// chain test reads it); German words and figures; a Chinese owner's CSV and PDF in Chinese. The
// CSV's header row and amounts stay as programs read them.
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import type { StatementHeader } from '../pdf.ts';
import { statementWords } from '../words.ts';
import { CSV_HEADER, combinedStatementCsv } from './csv.ts';
import { SECTIONS, type CombinedFigures, type StatementLine, type StatementText } from './figures.ts';
import { combinedStatementPdf, lineText } from './pdf.ts';

const m = (id: string, values?: Record<string, string | number>): StatementText => ({
  id: `srv.combined.${id}`,
  values,
});
const line = (label: StatementText, amount: string, unit: StatementLine['unit'], ref: StatementText) => ({
  day: '2026-11-03',
  label,
  amount,
  unit,
  eth: unit === 'FTX' ? null : '32.000000000000000000',
  usd: unit === 'FTX' ? null : '64000.00',
  ethUsd: '2000.00',
  ref,
});
const deposit = line(
  m('line.deposits'),
  '32.000000000000000000',
  'ETH',
  m('ref.records', { count: 2, n: '2' }),
);
const bought = line(
  m('line.creditsBought', { how: 'C' }),
  '50.50',
  'CR',
  m('ref.payment', { id: '7', paid: '50.5', currency: 'USD' }),
);
const staked = line(m('line.ftxStaked'), '1000.000000000000000000', 'FTX', '0xhash');
const FIGURES: CombinedFigures = {
  month: '2026-11-01',
  wallets: ['0x' + '12'.repeat(20)],
  ethUsdSource: m('source.feed', { test: 'yes', address: '0xfeed', chainId: '88' }),
  ftxUsdSource: null,
  creditUsd: '1',
  sections: SECTIONS.map((id) => {
    const lines =
      id === 'validators' ? [deposit] : id === 'credits' ? [bought] : id === 'ftx' ? [staked] : [];
    return { id, lines, eth: '32.000000000000000000', usd: '64000.00', unvalued: id === 'ftx' ? 1 : 0 };
  }),
  prices: [{ day: '2026-11-03', price: '2000.00' }],
};
const head = (cultureId?: number): StatementHeader => ({
  usrName: 'ann@example.com',
  usrId: 7,
  generatedOn: new Date('2026-12-01T03:04:05.000Z'),
  cultureId,
});
const csv = (cultureId?: number) =>
  combinedStatementCsv(FIGURES, cultureId)
    .toString('utf8')
    .split('\r\n')
    .map((r) => r.split(','));
const pdfText = async (cultureId?: number) => {
  const pdf = await combinedStatementPdf(FIGURES, head(cultureId));
  return (await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true })).text.replace(
    /\s+/g,
    ' ',
  );
};

describe("the combined statement in the owner's language", () => {
  it('words an English CSV as the spec does', () => {
    const rows = csv(1);
    expect(rows[0]).toEqual([...CSV_HEADER]);
    expect(rows.slice(1, 4).map((r) => [r[0], r[2], r[8]])).toEqual([
      ['Validators', 'Validator deposits', '2 record(s)'],
      ['Credits', 'Credits bought (card)', 'payment 7: 50.5 USD'],
      ['FTX staking', 'FTX staked', '0xhash'],
    ]);
    expect(rows.filter((r) => r[2] === 'Total').map((r) => [r[0], r[8]])).toEqual([
      ['Validators', '1 line(s)'],
      ['Credits', '1 line(s)'],
      ['Cache', '0 line(s)'],
      ['Fees paid', '0 line(s)'],
      ['Rewards pool', '0 line(s)'],
      ['FTX staking', '1 line(s)'],
      ['FETH', '0 line(s)'],
    ]);
    expect(rows.at(-2)).toEqual([
      'ETH/USD price',
      '2026-11-03',
      'Last price of the day',
      '2000.00',
      'USD',
      '',
      '',
      '2000.00',
      'payd test price feed 0xfeed on chain 88 (LastGoodPriceUpdated events)',
    ]);
  });

  it('words a German and a Chinese CSV in their language, the header and amounts kept', () => {
    const de = csv(2);
    expect(de[0]).toEqual([...CSV_HEADER]);
    expect(de[2]).toEqual([
      'Credits',
      '2026-11-03',
      'Credits gekauft (Karte)',
      '50.50',
      'CR',
      '32.000000000000000000',
      '64000.00',
      '2000.00',
      'Zahlung 7: 50.5 USD',
    ]);
    expect(de[1]![8]).toBe('2 Einträge');
    const zh = csv(5);
    expect(zh[1]!.slice(0, 3)).toEqual(['验证者', '2026-11-03', '验证者存入']);
    expect(zh.find((r) => r[2] === '合计')![8]).toBe('1 行');
  });

  it('prints an English line as before and a German one with German figures', () => {
    expect(lineText(deposit)).toBe(
      [
        '2026-11-03',
        'Validator deposits'.padEnd(34),
        '32.000000000000000000 ETH'.padStart(30),
        '32.000000000000000000 ETH'.padStart(26),
        '64000.00 USD'.padStart(16),
      ].join(' '),
    );
    expect(lineText(staked)).toContain('FTX staked');
    expect(lineText(staked).trimEnd().endsWith(' n/a')).toBe(true);
    const de = lineText(bought, statementWords(2));
    expect(de).toContain('Credits gekauft (Karte)');
    expect(de).toContain('50,50 CR');
    expect(de).toContain('64.000,00 USD');
  });

  it('draws the PDF in English, German and Chinese', async () => {
    const en = await pdfText(1);
    expect(en).toContain('Monthly Combined Statement');
    expect(en).toContain('Total Validators: 32.000000000000000000 ETH, 64000.00 USD');
    expect(en).toContain(
      'Total FTX staking: 32.000000000000000000 ETH, 64000.00 USD (1 line(s) without a price not included)',
    );
    expect(en).toContain('FTX not valued (no FTX/USD price)');
    const de = await pdfText(2);
    expect(de).toContain('Monatliche Gesamtabrechnung');
    expect(de).toContain('Summe Validatoren: 32,000000000000000000 ETH, 64.000,00 USD');
    expect(de).toContain('(1 Zeile ohne Kurs nicht enthalten)');
    expect(de).toContain('laut payd-Testpreisfeed 0xfeed auf Chain 88');
    const zh = await pdfText(5);
    expect(zh).toContain('月度综合对账单');
    expect(zh).toContain('验证者合计：32.000000000000000000 ETH，64,000.00 USD');
    expect(zh).toContain('2026-11-03 验证者存入 32.000000000000000000 ETH');
    expect(zh).toContain('付款 7：50.5 USD');
    expect(zh).toContain('（1 行无价格，未计入）');
    expect(zh).not.toContain('Monthly Combined Statement');
  });
});
