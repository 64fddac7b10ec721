// The dashboard's and the wallet status page's texts in the reader's language (issue 28): the
// words the pure rules (validatorsRules.ts, pendingOperationsRules.ts, terminationRules.ts,
// txRules.ts, rewardChartRules.ts) put together in English, worded here from the same figures
// through the catalogue, dates and numbers through Intl. In English each says exactly what its
// rule says (dashboardTexts.test.ts), the texts the journeys read.
import type { PendingOperationEntry, RewardChartRow, ExitEntry } from '@payd/schemas';
import { formatDate, formatDateTime, formatNumber } from '@payd/i18n';
import type { Translate } from '../../i18n/useT.ts';
import { addDecimals, formatDecimal } from '../../ui/decimal.ts';
import { code, shortKey, type ActivationQueueEntry, type ValidatorRow } from './validatorsRules.ts';
import { isDailyGroup, txDate, txStatusBadge, txType, txWhen, type TxRow } from './txRules.ts';

type Words = Pick<Translate, 't' | 'lang'>;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** English dates as the spec writes them ('24 Nov 2026, 14:05 UTC'); other languages their own. */
const dateLang = (lang: string) => (lang === 'en' ? 'en-GB' : lang);

/** '24 Nov 2026, 14:05 UTC', '24. Nov. 2026, 14:05 UTC', '2026年11月24日 UTC 14:05'. */
export function dateTimeIn(lang: string, d: Date): string {
  return formatDateTime(dateLang(lang), d, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
    timeZoneName: 'short',
  });
}

/** '2026-11-28' → '28 Nov', '28. Nov.', '11月28日'. */
export function dayLabelIn(lang: string, day: string): string {
  const at = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(at.getTime())
    ? day
    : formatDate(dateLang(lang), at, { day: 'numeric', month: 'short' });
}

/** An ETH amount given as an exact decimal string or a number: '64 ETH', '1,5 ETH'. */
export function ethText(
  { t, lang }: Words,
  amount: string | number,
  options: Intl.NumberFormatOptions = {},
): string {
  return t('dash.eth', {
    amount: formatNumber(lang, amount as number, {
      maximumFractionDigits: 18,
      useGrouping: false,
      ...options,
    }),
  });
}

/** A percentage of GetRewards (a decimal string, '3.14159') with 4 decimals, cut: '3.1415%'. */
export function pctText(lang: string, text: string): string {
  const cut = formatDecimal(text, 4).replace(/,/g, '');
  return formatNumber(lang, Number(cut) / 100, {
    style: 'percent',
    minimumFractionDigits: 4,
    maximumFractionDigits: 4,
  });
}

/** Whole days and the hours left over of a span. */
function split(ms: number): { days: number; hours: number } {
  const abs = Math.max(0, ms);
  return { days: Math.floor(abs / DAY), hours: Math.floor((abs % DAY) / HOUR) };
}

/** '3 days, 4 hours'. */
const daysHours = ({ t }: Words, ms: number) => t('dash.daysHours', split(ms));

/** 'in ~N days, M hours', 'in under an hour' (validatorsRules' rounding). */
function inAbout(w: Words, ms: number): string {
  return ms < HOUR ? w.t('dash.inUnderHour') : w.t('dash.inAbout', split(ms));
}

const time = (v: unknown): number | null => {
  if (v === null || v === undefined || v === '') return null;
  const at = Date.parse(String(v));
  return Number.isNaN(at) ? null : at;
};

/** validatorsRules' uptimeText in the reader's language. */
export function uptimeWords(w: Words, v: ValidatorRow, now: number): string {
  const c = code(v);
  const activation = time(v.ActivationUtc5);
  if (c === '6' || activation === null) return '-';
  if (c === '' || Number(c) < 3) return w.t('dash.activeIn', { eta: inAbout(w, activation - now) });
  const exit = time(v.ExitUtc5);
  return daysHours(w, (exit !== null && exit < now ? exit : now) - activation);
}

/** validatorsRules' activationText in the reader's language. */
export function activationWords(
  w: Words,
  v: ValidatorRow,
  entry: ActivationQueueEntry | undefined,
  now: number,
): string | null {
  const c = code(v);
  if (!entry || !(c === '' || Number(c) < 3)) return null;
  const at = time(entry.ActivationUtc);
  if (at === null) return null;
  const values = { eta: inAbout(w, at - now), when: dateTimeIn(w.lang, new Date(at)) };
  const how = entry.Scheduled ? 'On' : 'About';
  if (entry.Scheduled || entry.Position === null) return w.t(`dash.activation.active${how}`, values);
  return w.t(`dash.activation.queue${how}`, {
    ...values,
    position: entry.Position,
    length: entry.QueueLength,
  });
}

/** 'Validator 12' by its index, else its shortened public key (validatorsRules' validatorName). */
export function validatorNameWords({ t }: Words, v: ValidatorRow): string {
  const index = v.ValidatorIndex5;
  if (index !== null && index !== undefined && index !== '')
    return t('dash.validatorName', { index: String(index) });
  return shortKey(String(v.PubKey5 ?? ''), 10, 6);
}

/** The validator's status badge: its code's name, else the server's text. */
export function validatorStatusWords({ t }: Words, v: ValidatorRow): string {
  const c = code(v);
  if (['0', '1', '2', '3', '4', '6', '7'].includes(c)) return t(`dash.validatorStatus.${c}`);
  const text = v.ValidatorStatusCd5Text;
  return typeof text === 'string' && text ? text : c || t('dash.na');
}

/** The effective balance ('64 ETH'), '-' before the beacon chain has the validator. */
export function effectiveWords(w: Words, v: ValidatorRow): string {
  const gwei = v.EffectiveGwei5;
  if (gwei === null || gwei === undefined || gwei === '') return '-';
  return ethText(w, (BigInt(String(gwei)) / 1_000_000_000n).toString());
}

// ---- transactions

const TX_TYPE_IDS: Record<string, string> = {
  Deposit: 'dash.tx.type.deposit',
  Withdraw: 'dash.tx.type.withdraw',
  'Staking Reward': 'dash.tx.type.staking',
  'Fees Reward': 'dash.tx.type.fees',
  'MEV Reward': 'dash.tx.type.mev',
};

/** txType in the reader's language. */
export const txTypeWords = ({ t }: Words, r: TxRow) => t(TX_TYPE_IDS[txType(r)]!);

/** The status badge's text: Successful, Failed, or the server's text ('N/A' when empty). */
export function txStatusWords({ t }: Words, r: TxRow): string {
  const { text } = txStatusBadge(r);
  if (text === 'Successful') return t('dash.tx.successful');
  if (text === 'Failed') return t('dash.tx.failed');
  return text === 'N/A' ? t('dash.na') : text;
}

/** txValidator in the reader's language. */
export function txValidatorWords({ t }: Words, r: TxRow): string {
  const index = r.ValidatorIndex;
  if (index !== null && index !== undefined && index !== '')
    return t('dash.validatorName', { index: String(index) });
  const key = String(r.PubKey ?? '');
  return key.length > 17 ? `${key.slice(0, 10)}…${key.slice(-6)}` : key;
}

/** txDate in the reader's language: English keeps the spec's '2026-11-20 08:30 UTC'. */
export function txDateWords({ lang }: Words, v: unknown): string {
  const text = txDate(v);
  return lang === 'en' || !text ? text : dateTimeIn(lang, new Date(String(v)));
}

/** txWhen in the reader's language: a reward day ('2026-11-20 UTC', '20.11.2026 UTC'), else txDateWords. */
export function txWhenWords(w: Words, r: TxRow): string {
  if (w.lang === 'en') return txWhen(r);
  if (!isDailyGroup(r)) return txDateWords(w, r.TimeStamp22);
  const at = new Date(`${String(r.Day)}T00:00:00Z`);
  if (Number.isNaN(at.getTime())) return txWhen(r);
  return w.t('dash.tx.dayUtc', { day: formatDate(w.lang, at, { dateStyle: 'medium' }) });
}

/** txGroupNote in the reader's language: '3 entries, epochs 200–202'. */
export function txGroupWords({ t }: Words, r: TxRow): string | null {
  if (!isDailyGroup(r)) return null;
  const count = Number(r.Entries ?? 0);
  const first = r.FirstEpoch === null || r.FirstEpoch === undefined ? '' : String(r.FirstEpoch);
  const last = r.LastEpoch === null || r.LastEpoch === undefined ? '' : String(r.LastEpoch);
  if (!first || !last) return t('dash.tx.entries', { count });
  if (first === last) return t('dash.tx.entriesEpoch', { count, first });
  return t('dash.tx.entriesEpochs', { count, first, last });
}

/** A reward day entry's epoch, with its slot when it is a proposal: '200 (slot 6400)'. */
export function epochWords({ t }: Words, r: TxRow, withWord: boolean): string {
  const epoch = String(r.EpochNbr22 ?? '-');
  const slot = r.SlotNbr22 ? String(r.SlotNbr22) : '';
  const id = `dash.day.${withWord ? 'epochWord' : 'epoch'}${slot ? 'Slot' : ''}`;
  return t(id, { epoch, slot });
}

// ---- the rewards chart

/** rewardChartRules' chartSummary in the reader's language. */
export function chartSummaryWords(w: Words, rows: readonly RewardChartRow[]): string {
  const count = rows.length;
  const total = addDecimals(rows.map((r) => r.TotalRewardAmt));
  if (!count || !/[1-9]/.test(total)) return w.t('dash.chart.none', { count });
  const best = rows.reduce((a, r) => (Number(r.TotalRewardAmt) > Number(a.TotalRewardAmt) ? r : a));
  const eth = (v: string) =>
    formatNumber(w.lang, formatDecimal(v, 8).replace(/,/g, '') as unknown as number, {
      minimumFractionDigits: 8,
      maximumFractionDigits: 8,
    });
  return w.t('dash.chart.summary', {
    count,
    total: eth(total),
    day: dayLabelIn(w.lang, best.Day),
    best: eth(best.TotalRewardAmt),
  });
}

// ---- pending operations

/** 'in ~N days, M hours' (pendingOperationsRules' rounding: to the nearest hour). */
function inAboutHours(w: Words, ms: number): string {
  const hours = Math.max(0, Math.round(ms / HOUR));
  return w.t('dash.inAbout', split(hours * HOUR));
}

/** pendingOperationsRules' stateText in the reader's language. */
export function opStateWords({ t }: Words, op: PendingOperationEntry): string {
  const state = t(`dash.opState.${op.State}`);
  return op.Position !== null && op.QueueLength !== null
    ? t('dash.opState.place', { state, position: op.Position, length: op.QueueLength })
    : state;
}

/** pendingOperationsRules' expectedText in the reader's language. */
export function opExpectedWords(w: Words, op: PendingOperationEntry, now: number): string {
  if (!op.ExpectedUtc) return '-';
  const at = Date.parse(op.ExpectedUtc);
  const done = w.t(`dash.opDone.${op.Kind}`);
  const when = dateTimeIn(w.lang, new Date(at));
  return at <= now
    ? w.t('dash.opExpected.due', { done, when })
    : w.t('dash.opExpected.in', { done, eta: inAboutHours(w, at - now), when });
}

/** The operation's name: Deposit, Top-up, Activation … */
export const opNameWords = ({ t }: Words, op: PendingOperationEntry) => t(`dash.op.${op.Kind}`);

/** The operation's ETH ('10 ETH'), null when it has none. */
export const opAmountWords = (w: Words, op: PendingOperationEntry) =>
  op.AmountEth === null ? null : ethText(w, op.AmountEth);

// ---- a terminated account's exits

export interface ExitWords {
  name: string;
  pubkey: string;
  state: string;
  eth: string | null;
}

/** terminationRules' exitLine in the reader's language. */
export function exitWords(w: Words, v: ValidatorRow, exit: ExitEntry | undefined, now: number): ExitWords {
  const { t, lang } = w;
  const base = { name: validatorNameWords(w, v), pubkey: String(v.PubKey5 ?? '') };
  const c = code(v);
  const when = (iso: string) => dateTimeIn(lang, new Date(iso));
  if (exit?.State === 'withdrawn' || c === '6')
    return { ...base, state: t('dash.exit.withdrawn'), eth: t('dash.exit.paid') };
  if (exit) {
    const exitAt = Date.parse(exit.ExitUtc);
    const state =
      exit.State === 'exiting' && exitAt > now
        ? t('dash.exit.exiting', { when: when(exit.ExitUtc) })
        : t('dash.exit.exitedOn', { when: when(exit.ExitUtc) });
    const eth = exit.EthExpectedUtc ? t('dash.exit.expected', { when: when(exit.EthExpectedUtc) }) : null;
    return { ...base, state, eth };
  }
  if (c === '7') return { ...base, state: t('dash.exit.exited'), eth: t('dash.exit.onItsWay') };
  if (c === '3' || c === '4') return { ...base, state: t('dash.exit.requested'), eth: null };
  return { ...base, state: t('dash.exit.waitingActivation'), eth: null };
}
