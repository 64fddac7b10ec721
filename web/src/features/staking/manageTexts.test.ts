// The manage, withdraw and keys screens in the customer's language (issue 28): in English each
// catalogue message reads word for word as the rules and @payd/schemas word it (the journeys read
// that English), and a German or Chinese page shows its own words, figures and dates.
import { describe, expect, it } from 'vitest';
import { languageOfCode } from '@payd/i18n';
import {
  keyExportMessages,
  schemaMessageIds,
  topUpMessages,
  validatorRequestFieldMessages,
  validatorRequestMessages,
  validatorRequestReasonMessages,
  validatorRequestReasonText,
  type CheckValidatorRequestReply,
  type TopUpRow,
  type ValidatorRequestReason,
} from '@payd/schemas';
import { activateLanguage, englishTextId, i18n } from '../../i18n/language.ts';
import type { Translate } from '../../i18n/useT.ts';
import { manualExitSteps } from './manageExitSteps.ts';
import {
  createdOnLabel,
  notReadyLabel,
  quoteLabel,
  requestReplyText,
  topUpErrorLabel,
  topUpRangeLabel,
  topUpStateLabel,
  uptimeLabel,
  utcTimeText,
  validatorIndexLabel,
  validatorOption,
} from './manageTexts.ts';
import { topUpAmountError, topUpRangeText, topUpStateText, topUpTargetOf } from './topUpRules.ts';
import { txDate } from './txRules.ts';
import {
  quoteText,
  VALIDATOR_REQUEST_EXPLAINED,
  VALIDATOR_REQUEST_TITLES,
  validatorRequestTexts,
} from './validatorRequestRules.ts';
import {
  readyToExitText,
  uptimeText,
  validatorIndexText,
  ValidatorMessages,
  validatorOptionLabel,
  withdrawConfirmText,
  type ValidatorRow,
} from './validatorsRules.ts';
import { NO_WITHDRAW_TEXT } from './WithdrawConfirmPage.tsx';

/** What useT() gives a component, for the active language. */
function translate(): Translate {
  const translated = <T>(text: T): T | string => {
    const id = typeof text === 'string' ? (schemaMessageIds.get(text) ?? englishTextId(text)) : undefined;
    return id ? i18n._(id) : text;
  };
  return {
    lang: i18n.locale,
    t: (id, values) => i18n._(id, values),
    message: translated,
    field: (props) => ({ ...props, error: translated(props.error) }),
  };
}

const use = async (code: string) => {
  await activateLanguage(languageOfCode(code)!);
  return translate();
};

const KEY = `0x${'ab'.repeat(48)}`;
const HOUR = 3_600_000;
const NOW = Date.parse('2026-11-28T12:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

const rows: ValidatorRow[] = [
  { PubKey5: KEY, ValidatorStatusCd5: '6' },
  { PubKey5: KEY, ValidatorStatusCd5: '1' },
  { PubKey5: KEY, ValidatorStatusCd5: '2', ActivationUtc5: iso(NOW + 30 * 60_000) },
  { PubKey5: KEY, ValidatorStatusCd5: '2', ActivationUtc5: iso(NOW + 49 * HOUR), ValidatorIndex5: 0 },
  { PubKey5: KEY, ValidatorStatusCd5: '3', ActivationUtc5: iso(NOW - 25 * HOUR), ValidatorIndex5: 7 },
  { PubKey5: KEY, ValidatorStatusCd5: '3', ActivationUtc5: iso(NOW - 1), CreatedOnUtc5: iso(NOW) },
  {
    PubKey5: KEY,
    ValidatorStatusCd5: '7',
    ActivationUtc5: iso(NOW - 400 * 24 * HOUR),
    ExitUtc5: iso(NOW - 3 * 24 * HOUR - 2 * HOUR),
    ValidatorIndex5: '12',
  },
];

const reply = (over: Partial<CheckValidatorRequestReply>): CheckValidatorRequestReply => ({
  Kind: 'exit',
  PubKey: KEY,
  TargetPubKey: null,
  Processed: false,
  Reason: null,
  BySpec: true,
  Message: '',
  HeadEpoch: '1000',
  AllowedFromEpoch: null,
  AllowedFromUtc: null,
  WithdrawableGwei: null,
  WithdrawalAddress: null,
  ...over,
});

/** Every reason of the check, with and without its detail, as the server words the reply. */
function replies(): CheckValidatorRequestReply[] {
  const details = [
    {},
    {
      AllowedFromEpoch: '300',
      AllowedFromUtc: '2026-09-05T04:03:00.000Z',
      WithdrawableGwei: '1500000000',
      WithdrawalAddress: `0x${'11'.repeat(20)}`,
    },
    { AllowedFromEpoch: '300' },
  ];
  const reasons = Object.keys(validatorRequestReasonMessages) as ValidatorRequestReason[];
  return reasons.flatMap((Reason) =>
    details.flatMap((d) =>
      [true, false].map((BySpec) =>
        reply({
          ...d,
          Reason,
          BySpec,
          Message: validatorRequestReasonText(
            Reason,
            {
              shardCommitteePeriod: '256',
              allowedFromEpoch: d.AllowedFromEpoch ?? null,
              allowedFromUtc: d.AllowedFromUtc ?? null,
              withdrawableGwei: d.WithdrawableGwei ?? null,
              withdrawalAddress: d.WithdrawalAddress ?? null,
            },
            BySpec,
          ),
        }),
      ),
    ),
  );
}

describe('manage screens in English', () => {
  it('read the validator rows as the rules word them', async () => {
    const tr = await use('en');
    for (const v of rows) {
      expect(uptimeLabel(tr, v, NOW)).toBe(uptimeText(v, NOW));
      expect(validatorOption(tr, v)).toBe(validatorOptionLabel(v));
      expect(validatorIndexLabel(tr, v)).toBe(validatorIndexText(v));
      expect(createdOnLabel('en', v)).toBe(txDate(v.CreatedOnUtc5) || '-');
      const ready = readyToExitText(v);
      expect(notReadyLabel(tr, v)).toBe(`${ValidatorMessages.notReady}${ready ? ` ${ready}.` : ''}`);
    }
    expect(uptimeLabel(tr, rows[6]!, NOW)).toBe('396 days, 22 hours');
    expect(tr.t('manage.noValidators')).toBe(ValidatorMessages.noValidators);
    expect(tr.t('manage.withdraw.none')).toBe(NO_WITHDRAW_TEXT);
    for (const count of [1, 2, 3])
      expect(tr.t('manage.withdraw.confirmText', { count, eth: String(count * 32) })).toBe(
        withdrawConfirmText(count),
      );
  });

  it("words every request check answer as the server's English message", async () => {
    const tr = await use('en');
    const all = replies();
    expect(all.length).toBeGreaterThan(100);
    for (const r of all) expect(requestReplyText(tr, r), r.Reason!).toBe(r.Message);
    const processed = reply({ Processed: true, Message: validatorRequestMessages.processed });
    expect(requestReplyText(tr, processed)).toBe(validatorRequestMessages.processed);
    expect(quoteLabel(tr, { fee: 1n, value: 2n })).toBe(quoteText({ fee: 1n, value: 2n }));
    for (const kind of Object.keys(VALIDATOR_REQUEST_TITLES) as (keyof typeof VALIDATOR_REQUEST_TITLES)[]) {
      expect(tr.t(`manage.request.${kind}`)).toBe(VALIDATOR_REQUEST_TITLES[kind]);
      expect(tr.t(`manage.request.${kind}.explained`)).toBe(VALIDATOR_REQUEST_EXPLAINED[kind]);
    }
    expect(tr.t('manage.request.signedRoad')).toBe(validatorRequestMessages.signedExitRoad);
    expect(tr.t('manage.request.walletRoad')).toBe(validatorRequestMessages.walletExitRoad);
    expect(tr.t('manage.request.feeNotRefunded')).toBe(validatorRequestMessages.feeNotRefunded);
    expect(tr.t('manage.request.feeBuffer')).toBe(validatorRequestMessages.feeBuffer);
    expect(tr.t('manage.request.sent')).toBe(validatorRequestTexts.sent);
    expect(tr.t('manage.request.noTarget')).toBe(validatorRequestTexts.noTarget);
    const address = `0x${'22'.repeat(20)}`;
    expect(tr.t('manage.request.wrongWallet', { address })).toBe(
      validatorRequestMessages.wrongWallet(address),
    );
    expect(tr.t('manage.request.feeUnavailableBecause', { error: 'no code' })).toBe(
      `${validatorRequestTexts.feeUnavailable} (no code)`,
    );
  });

  it('reads the exit steps and the top-ups as the rules word them', async () => {
    const tr = await use('en');
    const steps = [
      ...manualExitSteps([{ Idx5: 1, ValidatorIndex5: 7 }], 88, 'http://127.0.0.1:5052'),
      ...manualExitSteps([{ Idx5: 0, ValidatorIndex5: null }], 1),
      ...manualExitSteps([{ Idx5: 0, ValidatorIndex5: 3 }], 12345),
    ];
    expect(new Set(steps.map((s) => s.id)).size).toBe(6);
    for (const s of steps) expect(tr.t(s.id, s.values)).toBe(s.text);

    const row = (o: Record<string, unknown>) => ({ PubKey5: KEY, ValidatorStatusCd5: '3', ...o });
    const topUp = (o: Partial<TopUpRow>): TopUpRow => ({
      TopUpId: 1,
      PubKey: KEY,
      AmountEth: 10,
      State: 'pending',
      RequestedUtc: '2026-01-01T00:00:00.000Z',
      SentUtc: null,
      CreditedUtc: null,
      TxHash: null,
      ...o,
    });
    const targets = [
      topUpTargetOf(row({ WithdrawalKind5: '0x02', Balance5: '64.001' }), []),
      topUpTargetOf(row({ WithdrawalKind5: '0x02', Balance5: '2047' }), []),
      topUpTargetOf(row({ WithdrawalKind5: '0x02', Balance5: '2048' }), []),
      topUpTargetOf(row({ WithdrawalKind5: '0x02', Balance5: '64', ValidatorStatusCd5: '2' }), []),
      topUpTargetOf(row({ WithdrawalKind5: '0x01', Balance5: '32' }), []),
    ];
    for (const target of targets) {
      expect(topUpRangeLabel(tr, target)).toBe(topUpRangeText(target));
      for (const amount of [null, 0.5, 1, 10, 1999, 5000]) {
        const error = topUpAmountError(target, amount);
        if (error) expect(topUpErrorLabel(tr, target, error)).toBe(error);
      }
    }
    for (const State of ['pending', 'credited', 'signed'] as const)
      expect(topUpStateLabel(tr, topUp({ State }))).toBe(topUpStateText(topUp({ State })));
  });
});

describe('manage screens in other languages', () => {
  it('show the rules’ and schemas’ English messages in German', async () => {
    await use('de');
    const texts = [
      ValidatorMessages.drawingDownTooMuch,
      ValidatorMessages.notEnoughActive,
      validatorRequestFieldMessages.target,
      validatorRequestFieldMessages.amount,
      validatorRequestMessages.noWallet,
      topUpMessages.regularRefused,
      topUpMessages.notActive,
      topUpMessages.full,
      topUpMessages.notFound,
      ...Object.values(keyExportMessages),
      'Connect your wallet first.',
    ];
    for (const text of texts) {
      const id = englishTextId(text);
      expect(id, text).toBeDefined();
      expect(i18n._(id!), text).not.toBe(text);
    }
  });

  it('words figures, dates and the check answers in German and Chinese', async () => {
    const de = await use('de');
    expect(uptimeLabel(de, rows[6]!, NOW)).toBe('396 Tage, 22 Stunden');
    expect(uptimeLabel(de, rows[3]!, NOW)).toBe('Aktiv in ca. 2 Tagen und 1 Stunde');
    expect(validatorOption(de, rows[4]!)).toMatch(/ \(Index 7\)$/);
    expect(notReadyLabel(de, rows[4]!)).toBe(
      'Der ausgewählte Validator kann noch nicht ausgezahlt werden. Austritt möglich ab 29. Nov. 2026, 11:00 UTC.',
    );
    const young = replies().find((r) => r.Reason === 'activeTooShort' && r.AllowedFromUtc && r.BySpec)!;
    expect(requestReplyText(de, young)).toBe(
      'Dieser Validator ist seit weniger als 256 Epochen aktiv. Die Anfrage wird ab Epoche 300 angenommen, 5. Sept. 2026, 04:03 UTC. Die Beacon Chain würde diese Anfrage ignorieren und die Gebühr behalten; daher wurde nichts gesendet.',
    );
    const tooMuch = replies().find((r) => r.Reason === 'amountAboveWithdrawable' && r.WithdrawableGwei)!;
    expect(requestReplyText(de, tooMuch)).toMatch(/^Höchstens 1,5 ETH /);
    expect(quoteLabel(de, { fee: 1_500_000_000_000_000n, value: 2n * 10n ** 18n })).toBe(
      'Gebühr jetzt: 0,0015 ETH. Mit der Anfrage gesendet (mit Puffer für eine steigende Gebühr): 2 ETH.',
    );
    expect(createdOnLabel('de', rows[5]!)).toBe('28. Nov. 2026, 12:00 UTC');

    const zh = await use('zh-CN');
    expect(uptimeLabel(zh, rows[6]!, NOW)).toBe('396 天 22 小时');
    expect(utcTimeText('zh-CN', new Date(NOW))).toMatch(/^2026年11月28日/);
    const refused = replies().find((r) => r.Reason === 'notActiveYet' && !r.BySpec)!;
    expect(requestReplyText(zh, refused)).toBe(
      '此验证者尚未激活。激活后即可发送请求。未发送任何内容，也未支付任何费用。',
    );
  });
});
