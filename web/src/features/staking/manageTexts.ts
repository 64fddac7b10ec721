// The manage, withdraw and keys screens' texts with figures in the reader's language (issue 28):
// uptimes, dates, validator labels, the request check's answer, fee quotes and top-ups, from the
// catalogue's `manage.*` messages. English reads as the rules word it (validatorsRules.ts,
// topUpRules.ts, @payd/schemas; the journeys read it): English figures keep the spec's form, other
// languages take Intl's. No React: manageTexts.test.ts.
import { formatNumber } from '@payd/i18n';
import {
  gweiToEthText,
  MAX_DEPOSIT_ETH,
  MIN_DEPOSIT_ETH,
  requestTimeText,
  topUpLimitEth,
  topUpMessages,
  validatorRequestReasonMessages,
  type CheckValidatorRequestReply,
  type TopUpRow,
  type TopUpTarget,
} from '@payd/schemas';
import { formatEther } from 'viem';
import type { Translate } from '../../i18n/useT.ts';
import { dateTimeIn, uptimeWords } from './dashboardTexts.ts';
import { txDate } from './txRules.ts';
import { dateTimeUtc, readyToExitAt, shortKey, type ValidatorRow } from './validatorsRules.ts';

const hasValue = (v: unknown) => v !== null && v !== undefined && v !== '';

const time = (v: unknown): number | null => {
  if (!hasValue(v)) return null;
  const t = Date.parse(String(v));
  return Number.isNaN(t) ? null : t;
};

/** A time in UTC: '24 Nov 2026, 14:05 UTC' in English (the spec's), Intl's form in the others. */
export function utcTimeText(lang: string, d: Date): string {
  return lang === 'en' ? dateTimeUtc(d) : dateTimeIn(lang, d);
}

/** A decimal amount (a string of digits) as the language writes it; English as it came. */
export function amountText(lang: string, amount: string | number): string {
  if (lang === 'en') return String(amount);
  return formatNumber(lang, amount as unknown as number, { maximumFractionDigits: 18 });
}

/** The uptime column: the dashboard's wording of validatorsRules' uptimeText (one message set). */
export function uptimeLabel(tr: Translate, v: ValidatorRow, now: number): string {
  return uptimeWords(tr, v, now);
}

/** Why the selected validator cannot exit yet, with when it can once that is known. */
export function notReadyLabel({ t, lang }: Translate, v: ValidatorRow): string {
  const at = readyToExitAt(v);
  return at ? t('manage.notReadyUntil', { when: utcTimeText(lang, at) }) : t('manage.notReady');
}

/** A live validator in a dropdown: its key, and its index when it has one. */
export function validatorOption({ t }: Translate, v: ValidatorRow): string {
  const key = shortKey(String(v.PubKey5), 10, 8);
  return hasValue(v.ValidatorIndex5) ? t('manage.option', { key, index: String(v.ValidatorIndex5) }) : key;
}

/** The validator's index, 'N/A' before it has one. */
export function validatorIndexLabel({ t }: Translate, v: ValidatorRow): string {
  return hasValue(v.ValidatorIndex5) ? String(v.ValidatorIndex5) : t('manage.na');
}

/** When the validator was made: '2026-11-28 14:05 UTC' in English, Intl's form in the others. */
export function createdOnLabel(lang: string, v: ValidatorRow): string {
  const at = time(v.CreatedOnUtc5);
  if (at === null) return '-';
  return lang === 'en' ? txDate(v.CreatedOnUtc5) : utcTimeText(lang, new Date(at));
}

type Reason = NonNullable<CheckValidatorRequestReply['Reason']>;

/** One reason of the request check with its detail from the reply. */
function reasonLabel({ t, lang }: Translate, reason: Reason, r: CheckValidatorRequestReply): string {
  switch (reason) {
    case 'notWithdrawalAddress':
      return r.WithdrawalAddress
        ? t('manage.reason.notWithdrawalAddressAt', { address: r.WithdrawalAddress })
        : t('manage.reason.notWithdrawalAddress');
    case 'activeTooShort': {
      // The chain's SHARD_COMMITTEE_PERIOD is said only in the reply's message.
      const period = /less than (\d+) epochs/.exec(r.Message)?.[1] ?? '256';
      if (!r.AllowedFromEpoch) return t('manage.reason.activeTooShort', { period });
      if (!r.AllowedFromUtc)
        return t('manage.reason.activeTooShortFrom', { period, epoch: r.AllowedFromEpoch });
      const when =
        lang === 'en' ? requestTimeText(r.AllowedFromUtc) : utcTimeText(lang, new Date(r.AllowedFromUtc));
      return t('manage.reason.activeTooShortFromAt', { period, epoch: r.AllowedFromEpoch, when });
    }
    case 'amountAboveWithdrawable':
      return t('manage.reason.amountAboveWithdrawable', {
        amount: amountText(lang, gweiToEthText(r.WithdrawableGwei ?? '0')),
      });
    default:
      return t(`manage.reason.${reason}`);
  }
}

/** The request check's answer (the reply's English Message) in the reader's language. */
export function requestReplyText(tr: Translate, r: CheckValidatorRequestReply): string {
  if (r.Processed) return tr.t('manage.request.processed');
  if (!r.Reason || !(r.Reason in validatorRequestReasonMessages)) return String(tr.message(r.Message));
  return tr.t('manage.reason.withAfter', {
    reason: reasonLabel(tr, r.Reason, r),
    after: tr.t(r.BySpec ? 'manage.reason.ignoredBySpec' : 'manage.reason.refusedByPayd'),
  });
}

/** The quote line: the fee now, and what is sent with the buffer. */
export function quoteLabel({ t, lang }: Translate, quote: { fee: bigint; value: bigint }): string {
  return t('manage.request.quote', {
    fee: amountText(lang, formatEther(quote.fee)),
    value: amountText(lang, formatEther(quote.value)),
  });
}

/** The line under the top-up amount: what may be added. */
export function topUpRangeLabel({ t, lang }: Translate, target: TopUpTarget): string {
  const max = topUpLimitEth(target);
  if (max < MIN_DEPOSIT_ETH) return t('manage.topUp.nothing');
  if (max === MIN_DEPOSIT_ETH) return t('manage.topUp.one');
  return t('manage.topUp.range', { min: amountText(lang, MIN_DEPOSIT_ETH), max: amountText(lang, max) });
}

/** How a top-up reads in the validator's list of top-ups. */
export function topUpStateLabel({ t, lang }: Translate, row: TopUpRow): string {
  const amount = amountText(lang, row.AmountEth);
  if (row.State === 'credited') return t('manage.topUp.credited', { amount });
  if (row.State === 'pending') return t('manage.topUp.pending', { amount });
  return t('manage.topUp.notSent', { amount });
}

/** Why this top-up amount cannot be added (topUpAmountError's message) in the reader's language. */
export function topUpErrorLabel(tr: Translate, target: TopUpTarget, error: string): string {
  const max = topUpLimitEth(target);
  if (error === topUpMessages.tooMuch(max))
    return tr.t('manage.topUp.tooMuch', {
      max: amountText(tr.lang, max),
      all: amountText(tr.lang, MAX_DEPOSIT_ETH),
    });
  return String(tr.message(error));
}
