// Statement PDFs in the owner's language (issue 28): German words, figures and dates for a German
// owner; English as the spec's statements; a Chinese owner's in Chinese (Noto Sans SC, embedded).
import { extractText, getDocumentProxy } from 'unpdf';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEE_RULE_TEXT } from '@payd/schemas';
import { i18nOfLang } from '@payd/i18n/node';
import { users } from '../../db/schema.ts';
import { startTestApp, testDatabaseKinds, type TestApp } from '../../testing/testApp.ts';
import { makeUser } from '../../testing/testUsers.ts';
import { generateStatement } from './generate.ts';
import type { AccountFigures, RewardFigures, ValidatorFigures } from './figures.ts';
import { accountStatementPdf, rewardStatementPdf, type StatementHeader } from './pdf.ts';

const v = (id: number, vi: string | null): ValidatorFigures => ({
  validatorId: id,
  validatorIndex: vi,
  pubKey: '0x' + 'ab'.repeat(48),
  withdrawalAddress: '0x' + '12'.repeat(20),
  opening: '32.000000000',
  deposits: '0',
  consensusRewards: '0.012345678',
  executionRewards: '0.5',
  feesRewards: '0.4',
  mevRewards: '0.1',
  withdrawals: '1234.5',
  closing: '32.012345678',
});
const REWARD: RewardFigures = {
  month: '2026-11-01',
  validators: [v(1, '42'), v(2, null)],
  total: v(0, null),
};
const ACCOUNT: AccountFigures = {
  month: '2026-11-01',
  opening: '10.00',
  topUps: '1500.00',
  charges: '50.00',
  closing: '1460.00',
  topUpLines: [
    { paidOn: '2026-11-03T10:00:00Z', type: 'C', amount: '1500.00', credits: '1500.00' },
    { paidOn: '2026-11-04T10:00:00Z', type: 'X', amount: '1', credits: '0.00' },
  ],
  chargeLines: [
    { day: '2026-11-05', validators: 1, effectiveEth: '32', credits: '1.00' },
    { day: '2026-11-06', validators: 2, effectiveEth: '96', credits: '3.00' },
  ],
};
const head = (cultureId?: number): StatementHeader => ({
  usrName: 'ann@example.com',
  usrId: 7,
  generatedOn: new Date('2026-12-01T03:04:05.000Z'),
  cultureId,
});
const text = async (pdf: Buffer) =>
  (await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true })).text.replace(
    /\s+/g,
    ' ',
  );

describe('statement PDFs in the owner’s language', () => {
  it('writes a German owner’s reward and account statements in German', async () => {
    const r = await text(await rewardStatementPdf(REWARD, head(2)));
    expect(r).toContain('Monatlicher Ertragsauszug');
    expect(r).toContain('Zeitraum: 01.11.2026 bis 30.11.2026 (Nov. 2026, UTC)');
    expect(r).toContain('Erstellt: 01.12.2026, 03:04:05 UTC');
    expect(r).toContain('Validator 42 (ID 1)');
    expect(r).toContain('Validator ausstehend (ID 2)');
    expect(r).toContain('Konsens-Erträge 0,012345678 ETH');
    expect(r).toContain('Auszahlungen 1.234,5 ETH');
    expect(r).toContain('Alle Validatoren (2)');
    const a = await text(await accountStatementPdf(ACCOUNT, head(2)));
    expect(a).toContain('Monatlicher Kontoauszug');
    expect(a).toContain('Aufladungen 1.500,00 CR');
    expect(a).toContain('03.11.2026 Kreditkarte 1.500,00 USD 1.500,00 CR');
    expect(a).toContain('06.11.2026 2 Validatoren, 96 ETH effektiver Saldo 3,00 CR');
    expect(a).toContain('05.11.2026 1 Validator, 32 ETH effektiver Saldo');
    expect(a).toContain(i18nOfLang('de')._('payment.msg.feeRule').slice(0, 40));
    expect(a).not.toContain('Top-ups');
  });

  it('draws French and Spanish with the statement font (accents, apostrophe, digit groups)', async () => {
    const fr = await text(await accountStatementPdf(ACCOUNT, head(3)));
    expect(fr).toContain('Solde d’ouverture des crédits prépayés 10,00 CR');
    expect(fr).toContain('Recharges 1 500,00 CR');
    const es = await text(await rewardStatementPdf(REWARD, head(4)));
    expect(es).toContain('Extracto mensual de recompensas');
    // Spanish groups digits from five on (CLDR minimum grouping digits).
    expect(es).toContain('Retiradas 1234,5 ETH');
  });

  it('writes an English owner’s statements in the spec’s words', async () => {
    expect(i18nOfLang('en')._('payment.msg.feeRule')).toBe(FEE_RULE_TEXT);
    const a = await text(await accountStatementPdf(ACCOUNT, head(1)));
    expect(a).toContain('Period: 2026-11-01 to 2026-11-30 (Nov 2026, UTC)');
    expect(a).toContain('Generated: 2026-12-01T03:04:05.000Z');
    expect(a).toContain('2026-11-06 2 validator(s), 96 ETH effective balance 3.00 CR');
    expect(a).toContain('2026-11-04 Arbitrary 1');
    expect(a).not.toContain('NotoSansSC');
  });

  it('writes a Chinese owner’s reward and account statements in Chinese', async () => {
    const r = await text(await rewardStatementPdf(REWARD, head(5)));
    expect(r).toContain('每月收益对账单');
    expect(r).toContain('期间：2026年11月1日 至 2026年11月30日（2026年11月，UTC）');
    expect(r).toContain('生成时间：2026年12月1日 03:04:05 UTC');
    expect(r).toContain('验证者 42（id 1）');
    expect(r).toContain('待定验证者（id 2）');
    expect(r).toContain('共识奖励 0.012345678 ETH');
    expect(r).toContain('提取 1,234.5 ETH');
    expect(r).toContain('全部验证者（2）');
    const pdf = await accountStatementPdf(ACCOUNT, head(5));
    const a = await text(pdf);
    expect(a).toContain('每月账户对账单');
    expect(a).toContain('充值 1,500.00 CR');
    expect(a).toContain('2026年11月3日 信用卡 1,500.00 USD 1,500.00 CR');
    expect(a).toContain('2026年11月6日 2 个验证者，有效余额 96 ETH 3.00 CR');
    expect(a).toContain(i18nOfLang('zh-CN')._('payment.msg.feeRule').slice(0, 30));
    expect(a).not.toContain('Top-ups');
    // The font goes in as the glyphs the statement uses, not the whole of Noto Sans SC (1.5 MB).
    expect(pdf.toString('latin1')).toContain('NotoSansSC');
    expect(pdf.length).toBeLessThan(60_000);
  });
});

describe.each(testDatabaseKinds)('a stored statement in the owner’s language (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('generates a German customer’s account statement in German', async () => {
    const cleo = await makeUser(t, 'cleo.statement@example.com', 1);
    await t.database.db.update(users).set({ cultureId: 2 }).where(eq(users.usrId, cleo.usrId));
    expect(await generateStatement(t.database.db, cleo.usrId, 'A', '2026-11-01', t.clock.now())).toBe(true);
    const [doc] = await t.database.query<{ d: Uint8Array }>(
      `SELECT stmt_doc AS d FROM stake_stmt WHERE usr_id = $1 AND stmt_type_cd = 'A'`,
      [cleo.usrId],
    );
    const a = await text(Buffer.from(doc!.d));
    expect(a).toContain('Monatlicher Kontoauszug Zeitraum: 01.11.2026 bis 30.11.2026');
    expect(a).toContain('Anfangssaldo der Credits 0,00 CR');
    expect(a).toContain('Tägliche Belastungen');
  });
});
