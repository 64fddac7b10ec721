// The staff screens in the staff member's language (issue 28): every label a screen serves (title,
// help, columns, filters, criteria, the framework's buttons and messages) has its English in the
// catalogue word for word, so de/fr/es/zh-CN translate all of them; a German staff session reads
// German screens, a row of the labels table for its culture still wins, English stays as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCatalogue } from '@payd/i18n/node';
import { labelMessageId, screenLabelCat, screenLabelEntries } from '../framework/labels.ts';
import { Role } from '../framework/roles.ts';
import { kycScreens } from '../kyc/screens.ts';
import { poolValidatorScreen } from '../liquid/staff.ts';
import { stakingScreens } from '../staking/plugin.ts';
import { startTestApp, testDatabaseKinds, type TestApp } from '../testing/testApp.ts';
import { makeUser, type TestUser } from '../testing/testUsers.ts';
import { backofficeScreens } from './plugin.ts';
import { stakeAgentScreen } from './stakeAgents.ts';

type Row = Record<string, unknown>;
const SCREENS = [
  ...backofficeScreens,
  stakeAgentScreen,
  ...stakingScreens,
  ...kycScreens,
  poolValidatorScreen,
];
const DE = { cultureId: 2 };

describe('the staff screens’ labels in the catalogue', () => {
  it('holds every screen label with its English word for word, in all five languages', () => {
    const en = readCatalogue('en');
    const de = readCatalogue('de');
    const wrong: string[] = [];
    for (const def of SCREENS)
      for (const [key, text] of screenLabelEntries(def)) {
        const id = labelMessageId(screenLabelCat(def), key);
        if (text && (en[id] !== text || !de[id])) wrong.push(`${id}: ${JSON.stringify(en[id])}`);
      }
    expect(wrong).toEqual([]);
  });
});

describe.each(testDatabaseKinds)('a German staff session’s screens (%s)', (kind) => {
  let t: TestApp;
  let operator: TestUser;
  beforeAll(async () => {
    t = await startTestApp(kind);
    operator = await makeUser(t, 'operator.labels@payd.test', Role.operator);
  });
  afterAll(() => t.close());

  const call = <T>(service: string, method: string, body: unknown = {}, scope = DE) =>
    t.call<T>(service, method, body, { ...operator.as, scope });

  it('reads the payments screen in German', async () => {
    const hlp = await call<Row>('StakePayment', 'GetScreenHlp');
    expect(hlp.d.data).toMatchObject({
      ScreenTitle: 'Zahlungen',
      ScreenHelp:
        'Zahlungen für Credits: C Karte (USD), T FTX, E ETH. Nur von den Aufladevorgängen geschrieben.',
      NoResultsMsg: 'Keine Ergebnisse gefunden',
      UnsavedChangesMsg:
        'Sie haben Ihre Änderungen nicht gespeichert. Möchten Sie die Seite wirklich verlassen?',
    });
    const labels = await call<Row[]>('StakePayment', 'GetScreenLabel');
    const header = (name: string) => labels.d.data!.find((c) => c.ColumnName === name)?.ColumnHeader;
    expect(header('PmtTypeCd4')).toBe('Zahlungsart');
    expect(header('PmtAmt4')).toBe('Betrag');
    expect(header('TxHash4')).toBe('Transaktions-Hash');
    const filters = await call<Row[]>('StakePayment', 'GetScreenFilter');
    expect(filters.d.data!.map((f) => f.FilterName)).toEqual([
      'Kreditkarte',
      'FTX-Zahlung',
      'ETH-Zahlung',
      'Nicht erfolgreich',
    ]);
    const criteria = await call<Row[]>('StakePayment', 'GetScreenCriteria');
    expect(criteria.d.data!.map((c) => c.DisplayName)).toEqual([
      'Zahlungsart',
      'Status',
      'Kunde',
      'Bezahlt ab',
      'Bezahlt bis',
    ]);
    const saved = await call<Row[]>('StakePayment', 'SetScreenCriteria', {
      criteriaValues: [{ ScreenCriId: 4, LastCriteria: '2026-11-01' }],
    });
    expect(saved.d.data!.find((c) => c.ScreenCriId === 4)).toMatchObject({
      DisplayName: 'Bezahlt ab',
      LastCriteria: '2026-11-01',
    });
  });

  it('reads the framework’s buttons and messages in German, placeholders kept for the page', async () => {
    const buttons = await call<Row[]>('SupportRequest', 'GetScreenButtonHlp');
    const name = (type: string) => buttons.d.data!.find((b) => b.ButtonTypeName === type)?.ButtonName;
    expect(name('New')).toBe('Neu');
    expect(name('SaveClose')).toBe('Speichern und schließen');
    const fw = await call<Row[]>('SupportRequest', 'GetSystemLabels', { labelCat: 'Framework' });
    const text = (key: string) => fw.d.data!.find((l) => l.LabelKey === key)?.LabelText;
    expect(text('ViewMore')).toBe('{n} weitere anzeigen');
    expect(text('FailedToLoad')).toBe('erforderlicher Datensatz {id} konnte nicht geladen werden');
    expect(text('Conflict')).toBe(
      'Dieser Datensatz wurde von jemand anderem geändert. Laden Sie ihn neu und versuchen Sie es erneut.',
    );
  });

  it('keeps a translation stored in the labels table, and English for an English session', async () => {
    await t.database.query(
      `INSERT INTO labels (culture_id, label_cat, label_key, label_text) VALUES (2, 'screen:Eth2Wallet', 'ScreenTitle', 'Validator-Geldbörsen')`,
    );
    const de = await call<Row>('Eth2Wallet', 'GetScreenHlp');
    expect(de.d.data).toMatchObject({
      ScreenTitle: 'Validator-Geldbörsen',
      NoResultsMsg: 'Keine Ergebnisse gefunden',
    });
    const zh = await call<Row>('Eth2Wallet', 'GetScreenHlp', {}, { cultureId: 5 });
    expect(zh.d.data).toMatchObject({ ScreenTitle: 'Eth2 钱包', NoResultsMsg: '未找到结果' });
    const en = await call<Row>('Eth2Wallet', 'GetScreenHlp', {}, { cultureId: 1 });
    expect(en.d.data).toMatchObject({ ScreenTitle: 'Eth2 Wallets', NoResultsMsg: 'No results found' });
    const enLabels = await call<Row[]>('StakePayment', 'GetScreenLabel', {}, { cultureId: 1 });
    expect(enLabels.d.data!.find((c) => c.ColumnName === 'PmtTypeCd4')?.ColumnHeader).toBe('Payment Type');
  });
});
