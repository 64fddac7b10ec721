// The lending pages show the English of their pure rules (kycGate.ts, borrowRules.ts,
// liquidationText.ts …) from the catalogue: each rule's English is its message's English, word for
// word (the spec's texts, read by the journeys), and a German page shows German.
import { describe, expect, it } from 'vitest';
import { languageOfCode } from '@payd/i18n';
import { BAD_DECIMAL_FORMAT, Cache, Decimal } from '@payd/protocol';
import { kycRefusal, BORROWING, FETH_STAKING, type OnChainKycStatus } from '../features/lending/kycGate.ts';
import { BorrowMessages, debtBelowMinimumMessage } from '../features/lending/borrow/borrowRules.ts';
import {
  criticalRatioWarning,
  liquidatedText,
  liquidationOutlook,
} from '../features/lending/borrow/liquidationText.ts';
import { formatDecimal } from '../features/lending/useLendingT.ts';
import { refusalText } from '../features/lending/pool/refusals.ts';
import { checkCount } from '../features/lending/pool/amountRules.ts';
import { checkMaxFee, maxFeeHint, truncationText, waitText } from '../features/lending/pool/redeemRules.ts';
import { cachesText, LAST_CACHE_TEXT } from '../features/lending/pool/riskyRules.ts';
import { withdrawalBlockText } from '../features/lending/pool/poolRules.ts';
import type { PoolWithdrawal } from '@payd/protocol';
import { devPanelText } from '../features/lending/dev/devPanelRules.ts';
import { transferMessages } from '../features/lending/wallet/transferRules.ts';
import { tierRows } from '../features/lending/wallet/ftxStakingRules.ts';
import {
  countHint,
  liquidLabels,
  liquidMessages,
  MAX_VALIDATORS_PER_DEPOSIT,
  poolRows,
  positionText,
} from '../features/lending/liquid/liquidRules.ts';
import { activateLanguage, englishTextId, i18n } from './language.ts';

const STATUSES: OnChainKycStatus[] = ['None', 'Pending', 'Suspended', 'Closed', 'Approved'];

/** Rule texts without placeholders, shown with useT().message. */
function ruleTexts(): string[] {
  return [
    ...Object.values(BorrowMessages),
    debtBelowMinimumMessage,
    BAD_DECIMAL_FORMAT,
    liquidatedText('belowTotalRatio', true),
    liquidatedText(undefined, false),
    liquidatedText('belowMinimum', true),
    liquidatedText('belowMinimum', false),
  ];
}

describe('lending texts', () => {
  it('each rule text has its message, shown in German on a German page', async () => {
    await activateLanguage(languageOfCode('de')!);
    for (const text of ruleTexts()) {
      const id = englishTextId(text);
      expect(id, text).toBeDefined();
      expect(i18n._(id!), text).not.toBe(text);
    }
  });

  it('the KYC refusals, the outlook and the critical warning read as the rules word them', async () => {
    await activateLanguage(languageOfCode('en')!);
    for (const activity of [BORROWING, FETH_STAKING])
      for (const status of STATUSES)
        expect(i18n._(`lending.kyc.${activity.id}.${status}`)).toBe(kycRefusal(status, false, activity));
    // a cache under the total ratio, the pool short of its debt or covering it, alone or not
    const cache = new Cache(Decimal.from(15), Decimal.from(9000));
    const total = new Cache(Decimal.from(100), Decimal.from(50_000));
    const ids = new Set<string>();
    for (const pool of ['100', '9000'])
      for (const count of [1, 5]) {
        const outlook = liquidationOutlook(cache, total, Decimal.from(1000), Decimal.from(pool), count);
        expect(outlook.notes.length).toBe(outlook.lines.length);
        outlook.notes.forEach((note, i) => {
          ids.add(note.id);
          const values = Object.fromEntries(
            Object.entries(note.values).map(([k, v]) => [k, formatDecimal('en', v)]),
          );
          expect(i18n._(note.id, values)).toBe(outlook.lines[i]);
        });
      }
    expect(ids.size).toBe(4);
    const ratio = Decimal.from('1.3');
    expect(i18n._('lending.preview.critical', { ratio: ratio.toPercent() })).toBe(
      criticalRatioWarning(ratio, false),
    );
  });
});

describe('pool, redeem and risky caches texts', () => {
  const refused = (errorName: string) => refusalText({ data: { errorName, args: [] } })!;

  it('the fixed refusals and field messages have their messages, German on a German page', async () => {
    await activateLanguage(languageOfCode('de')!);
    const texts = [
      ...[
        'RedemptionFeeTooHigh',
        'ETHReceivedBelowMinimum',
        'TCRBelowMCR',
        'NothingToRedeem',
        'InsufficientPAYDBalance',
        'UndercollateralizedCaches',
        'NothingToLiquidate',
        'OnlyOneCacheInSystem',
        'CacheNotActive',
        'NoDeposit',
        'AmountMustBeNonZero',
        'KycDenied',
      ].map(refused),
      checkMaxFee('', Decimal.ZERO).message!,
      checkMaxFee('200', Decimal.ZERO).message!,
      ...['abc', '0', '1e99'].map((text) => checkCount(text).message!),
      LAST_CACHE_TEXT,
    ];
    for (const text of texts) {
      const id = englishTextId(text);
      expect(id, text).toBeDefined();
      expect(i18n._(id!), text).not.toBe(text);
    }
  });

  it('the texts with figures read in English as the rules word them', async () => {
    await activateLanguage(languageOfCode('en')!);
    const d = (v: string) => Decimal.from(v);
    expect(i18n._('lending.redeem.maxFeeBelow', { rate: d('0.01').toPercent() })).toBe(
      checkMaxFee('0.5', d('0.01')).message,
    );
    expect(i18n._('lending.redeem.truncated', { redeemed: '100.00', attempted: '200.00' })).toBe(
      truncationText(d('200'), d('100')),
    );
    expect(
      i18n._('lending.redeem.truncatedMore', {
        redeemed: '100.00',
        attempted: '200.00',
        increased: '3,000.00',
      }),
    ).toBe(truncationText(d('200'), d('100'), d('3000')));
    expect(i18n._('lending.redeem.maxFeeHintSet', { rate: '0.60%' })).toBe(maxFeeHint(d('0.006')));
    expect(i18n._('lending.redeem.maxFeeHint')).toBe(maxFeeHint(undefined));
    for (const [id, count, minutes] of [
      ['lending.redeem.waitDays', 1, 1440],
      ['lending.redeem.waitDays', 2, 2880],
      ['lending.redeem.waitHours', 12, 720],
      ['lending.redeem.waitMinutes', 30, 30],
    ] as const)
      expect(i18n._(id, { count })).toBe(waitText(minutes));
    for (const n of [1, 3]) expect(i18n._('lending.risky.caches', { count: n })).toBe(cachesText(n));
    const blocked = { allowed: false, ratio: d('1.1'), releasePrice: d('1800') } as const;
    for (const lastCache of [false, true])
      expect(
        i18n._(lastCache ? 'lending.pool.blockedLast' : 'lending.pool.blocked', {
          ratio: '110.0%',
          price: '1,800.00',
        }),
      ).toBe(withdrawalBlockText({ ...blocked, lastCache } as PoolWithdrawal));
  });
});

describe('liquid staking texts', () => {
  it('reads in English as the rules word them', async () => {
    await activateLanguage(languageOfCode('en')!);
    for (const n of [2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111])
      expect(i18n._('lending.liquid.nth', { n })).toBe(
        positionText({ position: n } as Parameters<typeof positionText>[0]),
      );
    const d = Decimal.from;
    const limits = { availableValidators: 60, validatorAmt: d(32), accountBalance: d(200) };
    expect(i18n._('lending.liquid.countHint', { max: 6, most: MAX_VALIDATORS_PER_DEPOSIT })).toBe(
      countHint(limits),
    );
    expect(i18n._('lending.liquid.countHint', { max: 1, most: MAX_VALIDATORS_PER_DEPOSIT })).toBe(
      countHint({ ...limits, accountBalance: d(40) }),
    );
    for (const count of [1, 2])
      expect(i18n._('lending.liquid.depositTx', { count, feth: String(32 * count) })).toBe(
        liquidLabels.deposit(count, d(32 * count)),
      );
    expect(i18n._('lending.liquid.queueTx', { amount: '1.5000' })).toBe(liquidLabels.queue(d('1.5')));
    expect(i18n._('lending.liquid.claimTx', { amount: '1.5000' })).toBe(liquidLabels.claim(d('1.5')));
    expect(i18n._('lending.liquid.cancelTx', { amount: '1.5000' })).toBe(liquidLabels.cancel(d('1.5')));
  });

  it('the pool figures and fixed messages show German on a German page', async () => {
    await activateLanguage(languageOfCode('de')!);
    const zero = Decimal.ZERO;
    const rows = poolRows({
      totalStakedETH: zero,
      availableValidators: 0,
      unfilledFETHInQueue: zero,
      deactivatedETHInProgress: zero,
      freeETH: zero,
      claimableETH: zero,
      totalLifetimeStakingRewards: zero,
      totalLifetimeMiningRewards: zero,
      currentRewards: zero,
      totalRewardsDistributed: zero,
    });
    const texts = [
      ...rows.flatMap((r) => [r.label, r.hint].filter((t): t is string => t !== undefined)),
      liquidMessages.wholeNumber,
      liquidMessages.atLeastOne,
      liquidMessages.noneAvailable,
      liquidMessages.alreadyQueued,
      liquidMessages.noFETH,
      liquidMessages.earnsNothing,
    ];
    for (const text of texts) {
      const id = englishTextId(text);
      expect(id, text).toBeDefined();
      expect(i18n._(id!), text).not.toBe(text);
    }
  });
});

describe('send, FTX staking and dev panel texts', () => {
  it('read in English as the rules word them', async () => {
    await activateLanguage(languageOfCode('en')!);
    expect(i18n._('lending.dev.title')).toBe(devPanelText.title);
    expect(i18n._('lending.dev.priceLabel')).toBe(devPanelText.priceLabel);
    expect(i18n._('lending.dev.setPrice')).toBe(devPanelText.setPrice);
    expect(i18n._('lending.dev.faucet', { amount: '10,000' })).toBe(devPanelText.faucet);
    expect(i18n._('lending.dev.faucetFailed')).toBe(devPanelText.faucetFailed);
    const d = Decimal.from;
    expect(i18n._('lending.send.over', { balance: '5.0000', unit: 'PAYD' })).toBe(
      transferMessages.overBalance(d(5), 'PAYD'),
    );
    expect(i18n._('lending.ftx.overStaked', { balance: '5.0000', unit: 'FTX' })).toBe(
      transferMessages.overBalance(d(5), 'FTX staked'),
    );
    const tiers = [
      { tier: 1, start: d(1000), end: d(9999), percentage: 5 },
      { tier: 2, start: d(10_000), end: Decimal.INFINITY, percentage: 10 },
    ];
    const [closed, open] = tierRows(tiers as never, d(0));
    expect(i18n._('lending.ftx.range', { start: '1,000', end: '9,999' })).toBe(closed!.range);
    expect(i18n._('lending.ftx.rangeOpen', { start: '10,000' })).toBe(open!.range);
  });

  it('the fixed form messages show German on a German page', async () => {
    await activateLanguage(languageOfCode('de')!);
    for (const text of [
      transferMessages.required,
      transferMessages.zero,
      transferMessages.address,
      transferMessages.self,
    ]) {
      const id = englishTextId(text);
      expect(id, text).toBeDefined();
      expect(i18n._(id!), text).not.toBe(text);
    }
  });
});
