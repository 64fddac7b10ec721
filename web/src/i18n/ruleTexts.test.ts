// @payd/protocol's refusals with figures (ruleTexts.ts there) are catalogue messages: the English
// catalogue repeats each rule's English verbatim, a German page shows them in German with the
// figures written the German way, and the English stays the rule's text word for word.
import { describe, expect, it } from 'vitest';
import { languageOfCode } from '@payd/i18n';
import { readCatalogue } from '@payd/i18n/node';
import {
  Decimal,
  RedemptionAmountTooLowError,
  minimumDebtRefusal,
  repaymentRefusal,
  ruleMessages,
} from '@payd/protocol';
import { refusalText } from '../features/lending/pool/refusals.ts';
import { liquidMessages } from '../features/lending/liquid/liquidRules.ts';
import { activateLanguage } from './language.ts';
import { localFigure, ruleOfText, webRuleMessages } from './ruleTexts.ts';
import { translated } from './useT.ts';

const d = (v: string | number) => Decimal.from(v);
/** As a page shows it: useT().message. */
const show = (text: string) => translated(text);

describe('rule texts', () => {
  it('has each rule in the English catalogue, verbatim, under rule.<key>', () => {
    const english = readCatalogue('en');
    for (const [key, text] of Object.entries({ ...ruleMessages, ...webRuleMessages }))
      expect(english[`rule.${key}`], key).toBe(text);
  });

  it('reads the id and figures back from the English the rules write', () => {
    expect(ruleOfText(repaymentRefusal(d(5000), d(2500))!)).toMatchObject({
      id: 'rule.repayUnderMinimum',
      values: { left: '2,500.00', minimum: '2,700.00', reserve: '200', most: '2,300.00' },
    });
    expect(ruleOfText('redeemPAYD: amount too low to redeem (try at least 3015.25)')).toMatchObject({
      id: 'rule.redeemTooLow',
      values: { minimum: '3015.25' },
    });
    expect(ruleOfText('Enter an amount.')).toBeUndefined();
  });

  it('shows English word for word on an English page', async () => {
    await activateLanguage(languageOfCode('en')!);
    const texts = [
      minimumDebtRefusal(d('2210'), d('2209'))!,
      repaymentRefusal(d(5000), d(6000))!,
      repaymentRefusal(d('12345.6'), d('10000'))!,
      new RedemptionAmountTooLowError(d(2500)).message,
    ];
    for (const text of texts) expect(show(text)).toBe(text);
  });

  it('shows German with German figures on a German page', async () => {
    await activateLanguage(languageOfCode('de')!);
    expect(show(minimumDebtRefusal(d('2210'), d('2209'))!)).toBe(
      'Die Schulden lägen bei 2.210,00 PAYD und damit unter dem Minimum von 2.700,00 PAYD (die Liquidationsreserve von 200 PAYD und die Gebühr eingerechnet): Leihen Sie mehr.',
    );
    expect(show(repaymentRefusal(d(5000), d(6000))!)).toBe(
      'Das ist mehr als die Schulden Ihres Caches (5.000,00 PAYD). Sie können höchstens 2.300,00 PAYD zurückzahlen und den Cache behalten oder ihn schließen, um alles zurückzuzahlen.',
    );
    // as the redeem page meets it: the error's message through refusalText
    const refused = refusalText(new RedemptionAmountTooLowError(d('3015.5')))!;
    expect(show(refused)).toBe(
      'Der Betrag ist zu niedrig, um eingelöst zu werden (versuchen Sie mindestens 3.015,5 PAYD)',
    );
    await activateLanguage(languageOfCode('en')!);
  });

  it('shows the liquid staking limits in German, the counts in the plural German takes', async () => {
    await activateLanguage(languageOfCode('de')!);
    expect(show(liquidMessages.tooMany(51))).toBe(
      'Höchstens 50 Validatoren können in einer Transaktion eingezahlt werden (Sie haben 51 gewählt)',
    );
    expect(show(liquidMessages.moreThanAvailable(3, 1))).toBe('Nur 1 Validator ist verfügbar');
    expect(show(liquidMessages.moreThanAvailable(3, 2))).toBe('Nur 2 Validatoren sind verfügbar');
    expect(show(liquidMessages.notEnoughETH(d(1280), d('1234.5')))).toBe(
      'Sie benötigen 1.280 ETH zuzüglich Gas; Ihre Wallet enthält 1.234,5000 ETH',
    );
    await activateLanguage(languageOfCode('en')!);
    for (const text of [
      liquidMessages.moreThanAvailable(3, 1),
      liquidMessages.moreThanAvailable(3, 2),
      liquidMessages.notEnoughETH(d(1280), d('1234.5')),
    ])
      expect(show(text)).toBe(text);
  });

  it('writes a figure as the language writes numbers, keeping its decimals exactly', () => {
    expect(localFigure('fr', '1,234,567.10')).toBe('1\u202f234\u202f567,10');
    expect(localFigure('de', '0.123456789012345678')).toBe('0,123456789012345678');
    expect(localFigure('zh-CN', '2,700.00')).toBe('2,700.00');
    expect(localFigure('en', '2500')).toBe('2500');
  });
});
