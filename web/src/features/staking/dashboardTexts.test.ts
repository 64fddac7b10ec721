// The dashboard's and the wallet status page's words in the page's language: in English exactly
// what the pure rules say (the texts the journeys read), in German their German, with German dates,
// numbers and plurals.
import { describe, expect, it } from 'vitest';
import { comeBackMessages, type ExitEntry, type PendingOperationEntry } from '@payd/schemas';
import { languageOfCode, splitTags } from '@payd/i18n';
import { activateLanguage, englishTextId, i18n } from '../../i18n/language.ts';
import type { Translate } from '../../i18n/useT.ts';
import {
  activationWords,
  chartSummaryWords,
  dateTimeIn,
  effectiveWords,
  exitWords,
  opAmountWords,
  opExpectedWords,
  opNameWords,
  opStateWords,
  pctText,
  txGroupWords,
  txStatusWords,
  txTypeWords,
  txValidatorWords,
  txWhenWords,
  uptimeWords,
  validatorNameWords,
  validatorStatusWords,
} from './dashboardTexts.ts';
import {
  activationText,
  dateTimeUtc,
  uptimeText,
  validatorName,
  ValidatorMessages,
  type ActivationQueueEntry,
} from './validatorsRules.ts';
import {
  ENGLISH_EXPORT_WORDS,
  EXPORT_COLUMNS,
  exportFileName,
  exportRows,
  txGroupNote,
  txStatusBadge,
  txType,
  txValidator,
  txWhen,
  type TxRow,
} from './txRules.ts';
import { exportWords } from './useTransactionsCard.ts';
import { chartSummary } from './rewardChartRules.ts';
import { amountText, expectedText, OPERATION_NAMES, stateText } from './pending/pendingOperationsRules.ts';
import { exitLine } from './terminationRules.ts';
import { effectiveText } from './validatorBalances.ts';
import { formatPct, rewardView } from './rewardsFormat.ts';
import { AccountStatusMessages } from './accountStatusRules.ts';

async function wordsIn(lang: string): Promise<Translate> {
  await activateLanguage(languageOfCode(lang)!);
  return { lang, t: (id, values) => i18n._(id, values), message: (x) => x, field: (p) => p };
}

const NOW = Date.parse('2026-11-24T10:00:00Z');
const HOUR = 3_600_000;
const validators = [
  { ValidatorStatusCd5: '1', ActivationUtc5: new Date(NOW + 30 * 60_000).toISOString(), PubKey5: '0xaa' },
  { ValidatorStatusCd5: '2', ActivationUtc5: new Date(NOW + 26 * HOUR).toISOString(), ValidatorIndex5: 4 },
  { ValidatorStatusCd5: '3', ActivationUtc5: new Date(NOW - 49 * HOUR).toISOString(), ValidatorIndex5: 12 },
  {
    ValidatorStatusCd5: '7',
    ActivationUtc5: new Date(NOW - 100 * HOUR).toISOString(),
    ExitUtc5: new Date(NOW - 25 * HOUR).toISOString(),
    PubKey5: `0x${'ab'.repeat(48)}`,
    EffectiveGwei5: '64000000000',
  },
  { ValidatorStatusCd5: '6', ValidatorIndex5: 9, EffectiveGwei5: '' },
];
const queue: (ActivationQueueEntry | undefined)[] = [
  undefined,
  { Position: 1, QueueLength: 2, Scheduled: false, ActivationUtc: new Date(NOW + 90 * 60_000).toISOString() },
  {
    Position: null,
    QueueLength: 5,
    Scheduled: true,
    ActivationUtc: new Date(NOW + 3 * HOUR).toISOString(),
  },
];

const Z = '0.000000000000000000';
const tx = (over: Record<string, unknown>): TxRow => ({
  StakeAmt22: Z,
  WithdrawAmt22: Z,
  StakeRewardAmt22: Z,
  MiningRewardAmt22: Z,
  MEVRewardAmt22: Z,
  ...over,
});
const txs = [
  tx({
    StakeAmt22: '32',
    TxStatusCd22Text: 'Successful',
    ValidatorIndex: 3,
    TimeStamp22: '2026-11-20T08:30:00Z',
  }),
  tx({ WithdrawAmt22: '-1', TxStatusCd22Text: 'Failed', PubKey: `0x${'cd'.repeat(48)}` }),
  tx({ StakeRewardAmt22: '0.1', Day: '2026-11-20', Entries: 3, FirstEpoch: 200, LastEpoch: 202 }),
  tx({ MiningRewardAmt22: '0.1', Day: '2026-11-20', Entries: 1, FirstEpoch: 200, LastEpoch: 200 }),
  tx({ MEVRewardAmt22: '0.1', Day: '2026-11-21', Entries: 2 }),
];

const op = (over: Partial<PendingOperationEntry>): PendingOperationEntry => ({
  Kind: 'deposit',
  PubKey: '0xaa',
  State: 'queued',
  Position: 3,
  QueueLength: 40,
  ValidatorIndex: null,
  AmountEth: '10.500000000',
  Epoch: null,
  Slot: null,
  ExpectedUtc: new Date(NOW + 50 * HOUR).toISOString(),
  ExitEpoch: null,
  WithdrawableEpoch: null,
  TargetPubKey: null,
  ...over,
});
const ops = [
  op({}),
  op({ Kind: 'exit', State: 'exiting', Position: null, QueueLength: null, AmountEth: null }),
  op({ Kind: 'consolidation', State: 'awaiting_finality', ExpectedUtc: new Date(NOW - HOUR).toISOString() }),
  op({ Kind: 'top-up', ExpectedUtc: null }),
];

const exit = (state: ExitEntry['State'], expected: string | null): ExitEntry => ({
  PubKey: '0xk7',
  ValidatorIndex: '7',
  State: state,
  ExitEpoch: '1000',
  ExitUtc: '2026-11-28T13:20:00Z',
  WithdrawableEpoch: '1256',
  WithdrawableUtc: '2026-11-28T16:44:48Z',
  EthExpectedUtc: expected,
});
const exitCases: [Record<string, unknown>, ExitEntry | undefined, number][] = [
  [{ ValidatorStatusCd5: '4', ValidatorIndex5: 7 }, exit('exiting', '2026-11-29T16:44:48Z'), NOW],
  [{ ValidatorStatusCd5: '7', ValidatorIndex5: 7 }, exit('exited', null), Date.parse('2026-11-29T00:00:00Z')],
  [{ ValidatorStatusCd5: '6', ValidatorIndex5: 7 }, undefined, NOW],
  [{ ValidatorStatusCd5: '7', PubKey5: '0xk7' }, undefined, NOW],
  [{ ValidatorStatusCd5: '3', ValidatorIndex5: 7 }, undefined, NOW],
  [{ ValidatorStatusCd5: '1', ValidatorIndex5: 7 }, undefined, NOW],
];

const chartRows = (totals: string[]) =>
  totals.map((t, i) => ({
    Day: `2026-11-${String(20 + i)}`,
    StakeRewardAmt: t,
    MiningRewardAmt: '0',
    MEVRewardAmt: '0',
    TotalRewardAmt: t,
  }));

describe('the dashboard in English', () => {
  it('says what the validator rules say: uptime, activation, names, effective balance', async () => {
    const en = await wordsIn('en');
    for (const v of validators) {
      expect(uptimeWords(en, v, NOW)).toBe(uptimeText(v, NOW));
      expect(validatorNameWords(en, v)).toBe(validatorName(v));
      expect(effectiveWords(en, v)).toBe(effectiveText(v));
      for (const q of queue) expect(activationWords(en, v, q, NOW)).toBe(activationText(v, q, NOW));
    }
    expect(validatorStatusWords(en, { ValidatorStatusCd5: '3', ValidatorStatusCd5Text: 'Active' })).toBe(
      'Active',
    );
    expect(dateTimeIn('en', new Date(NOW + 4 * HOUR + 5 * 60_000))).toBe(
      dateTimeUtc(new Date(NOW + 4 * HOUR + 5 * 60_000)),
    );
  });

  it('says what the transaction, chart and reward rules say', async () => {
    const en = await wordsIn('en');
    for (const r of txs) {
      expect(txTypeWords(en, r)).toBe(txType(r));
      expect(txStatusWords(en, r)).toBe(txStatusBadge(r).text);
      expect(txValidatorWords(en, r)).toBe(txValidator(r));
      expect(txGroupWords(en, r)).toBe(txGroupNote(r));
      expect(txWhenWords(en, r)).toBe(txWhen(r));
    }
    for (const rows of [[], chartRows(['0', '0']), chartRows(['0.01', '0.12345678901']), chartRows(['1'])])
      expect(chartSummaryWords(en, rows)).toBe(chartSummary(rows));
    for (const pct of ['3.14159', '0', '12.5', '0.00001']) expect(pctText('en', pct)).toBe(formatPct(pct));
  });

  it('says what the pending operations and exit rules say', async () => {
    const en = await wordsIn('en');
    for (const o of ops) {
      expect(opNameWords(en, o)).toBe(OPERATION_NAMES[o.Kind]);
      expect(opStateWords(en, o)).toBe(stateText(o));
      expect(opExpectedWords(en, o, NOW)).toBe(expectedText(o, NOW));
      expect(opAmountWords(en, o)).toBe(amountText(o));
    }
    for (const [v, e, now] of exitCases) {
      const { name, state, eth } = exitLine(v, e, now);
      expect(exitWords(en, v, e, now)).toMatchObject({ name, state, eth });
    }
  });
});

describe('the dashboard in German', () => {
  it('words the validators, their dates and plurals in German', async () => {
    const de = await wordsIn('de');
    expect(uptimeWords(de, validators[2]!, NOW)).toBe('2 Tage, 1 Stunde');
    expect(activationWords(de, validators[1]!, queue[1], NOW)).toBe(
      'Platz 1 von 2 in der Aktivierungswarteschlange · aktiv in ca. 0 Tagen und 1 Stunde (etwa am 24. Nov. 2026, 11:30 UTC)',
    );
    expect(uptimeWords(de, validators[0]!, NOW)).toBe('Aktiv in weniger als einer Stunde');
    expect(validatorNameWords(de, validators[2]!)).toBe('Validator 12');
    expect(validatorStatusWords(de, { ValidatorStatusCd5: '7' })).toBe('Ausgetreten');
  });

  it('words transactions, the chart summary and pending operations in German', async () => {
    const de = await wordsIn('de');
    expect(txs.map((r) => txTypeWords(de, r))).toEqual([
      'Einzahlung',
      'Auszahlung',
      'Staking-Ertrag',
      'Ertrag aus Transaktionsgebühren',
      'MEV-Ertrag',
    ]);
    expect(txStatusWords(de, txs[0]!)).toBe('Erfolgreich');
    expect(txWhenWords(de, txs[2]!)).toBe('20.11.2026 UTC');
    expect(txWhenWords(de, { ...txs[0]!, TimeStamp22: '2026-11-20T08:30:00.000Z' })).toBe(
      '20. Nov. 2026, 08:30 UTC',
    );
    expect(txGroupWords(de, txs[2]!)).toBe('3 Einträge, Epochen 200–202');
    expect(txGroupWords(de, txs[3]!)).toBe('1 Eintrag, Epoche 200');
    expect(chartSummaryWords(de, chartRows(['0.01', '0.5']))).toBe(
      'Tägliche Erträge der letzten 2 Tage: insgesamt 0,51000000 ETH; am meisten am 21. Nov., 0,50000000 ETH.',
    );
    expect(pctText('de', '3.14159')).toBe('3,1415\u00a0%');
    expect(opStateWords(de, ops[0]!)).toBe('In der Warteschlange (Platz 3 von 40)');
    expect(opAmountWords(de, ops[0]!)).toBe('10,5 ETH');
    expect(opExpectedWords(de, ops[2]!, NOW)).toBe(
      'Guthaben zum Ziel übertragen: fällig (24. Nov. 2026, 09:00 UTC)',
    );
    const [first] = exitCases;
    expect(exitWords(de, ...first!).state).toBe(
      'Im Austritt: verlässt die Beacon Chain am 28. Nov. 2026, 13:20 UTC',
    );
  });

  it('shows the English texts of the rules (messages, reward lines) in German', async () => {
    await activateLanguage(languageOfCode('de')!);
    const texts = [
      ValidatorMessages.noValidators,
      ValidatorMessages.nothingToWithdraw,
      ValidatorMessages.notEnoughActive,
      ...Object.values(AccountStatusMessages),
      ...rewardView({}, 'LTD').lines.map((l) => l.label),
      comeBackMessages.declinedByStaff,
      comeBackMessages.done,
      'N/A',
    ];
    for (const text of texts) {
      const id = englishTextId(text);
      expect(id, text).toBeDefined();
      expect(i18n._(id!), text).not.toBe(text);
    }
  });
});

describe('the transactions export', () => {
  it('has the spec English sheet in English and a German one in German', async () => {
    const en = exportWords(await wordsIn('en'));
    expect([en.sheetName, en.fileTitle, en.header]).toEqual([
      ENGLISH_EXPORT_WORDS.sheetName,
      ENGLISH_EXPORT_WORDS.fileTitle,
      [...EXPORT_COLUMNS],
    ]);
    expect(exportRows(txs, 88, null, en)).toEqual(exportRows(txs, 88, null));
    const de = exportWords(await wordsIn('de'));
    expect(de.header).toEqual([
      'Status',
      'Transaktion',
      'Datum',
      'Betrag',
      'Vollständiger Betrag',
      'Währung',
      'Explorer',
      'Validator',
    ]);
    expect(exportRows(txs, 88, null, de)[0]!.slice(0, 2)).toEqual(['Erfolgreich', 'Einzahlung']);
    expect(exportFileName(new Date(2026, 10, 25), de.fileTitle)).toBe('Transaktionen gesamt 20261125.xlsx');
  });
});

describe('tagged dashboard messages', () => {
  it('keep the place of the exited amount and the account status link in every language', async () => {
    for (const lang of ['en', 'de', 'fr', 'es', 'zh-CN']) {
      const { t } = await wordsIn(lang);
      const exited = splitTags(t('dash.total.exited', { count: 2 }), ['amount']);
      expect(
        exited.filter((p) => typeof p !== 'string'),
        lang,
      ).toEqual([{ tag: 'amount', text: '' }]);
      const link = splitTags(t('dash.readOnly'), ['link']).filter((p) => typeof p !== 'string');
      expect(link, lang).toHaveLength(1);
    }
    const { t } = await wordsIn('en');
    expect(splitTags(t('dash.total.exited', { count: 1 }), ['amount'])).toEqual([
      '1 exited validator: ',
      { tag: 'amount', text: '' },
      ' on the way to your withdrawal address',
    ]);
  });
});
