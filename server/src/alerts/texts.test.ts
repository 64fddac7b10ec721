// Alert texts in the customer's language (issue 28): the English catalogue repeats alertText word
// for word for every kind, and every other language gives every kind a whole text of its own, with
// figures written its way.
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@payd/i18n';
import { i18nOfLang } from '@payd/i18n/node';
import { alertText, type AlertFacts, type AlertKind } from '@payd/schemas';
import { alertMail, digestMail } from './mails.ts';
import { catalogueAlertText, localizedAlertText, RECORDED_FIGURES } from './texts.ts';

const WALLET = '0x' + '12'.repeat(20);

const CASES: [AlertKind, AlertFacts][] = [
  ['credits_low', { balance: '3.00', dailyCost: '1.00', daysLeft: 3, validators: 1 }],
  ['credits_low', { balance: '1', dailyCost: '1234.5', daysLeft: 1, validators: 2 }],
  ['credits_low', { balance: '0.5', dailyCost: '1.00', daysLeft: 0, validators: 1 }],
  ['validator_offline', { index: '7', pubkey: '0xabc', epochs: 3, lostEth: '0.0001' }],
  ['validator_offline', { pubkey: '0x' + 'ab'.repeat(48), epochs: 1, lostEth: '0.00002' }],
  [
    'cache_band',
    {
      band: 150,
      price: '3000.00',
      ratio: '149.2',
      collateral: '10.5',
      collateralUsd: '31500.00',
      debt: '21100',
      liquidationRatio: 115,
      liquidationPrice: '2310.95',
    },
  ],
  ['recovery_mode', { active: true, tcr: '148.1', price: '2000', criticalRatio: 150, ratio: '160.2' }],
  ['recovery_mode', { active: false, tcr: '151.0', price: '2100', criticalRatio: 150, ratio: '160.2' }],
  ['cache_closed', { how: 'liquidation', price: '1800.5', surplus: '0.25', surplusUsd: '450.13' }],
  ['cache_closed', { how: 'redemption', price: '1800.5', surplus: '0' }],
  [
    'cache_redeemed',
    {
      debt: '500',
      collateral: '0.25',
      collateralUsd: '500.00',
      price: '2000.00',
      collateralLeft: '4.75',
      debtLeft: '4500',
      ratio: '211.1',
    },
  ],
  ['pool_gain', { gain: '0.12', gainUsd: '240.00' }],
  ['feth_claimable', { eth: '1.5', ethUsd: '3000.00' }],
  ['validator_activated', { index: '42', balanceEth: '32' }],
  ['validator_exited', { index: '42', balanceEth: '32.01' }],
  ['validator_withdrawal', { index: '42', amountEth: '0.0123', address: '0x' + '12'.repeat(20) }],
  ['validator_slashed', { index: '42', pubkey: '0xabc', balanceEth: '31.0412' }],
  ['request_confirmed', { index: '42', pubkey: '0xabc', amountEth: '1.5', balanceEth: '33.5' }],
  ['request_confirmed', { index: '42', pubkey: '0xabc', operation: 'deposit', amountEth: '32' }],
  ['request_confirmed', { pubkey: '0x' + 'ab'.repeat(48), operation: 'deposit', amountEth: '1234.5' }],
  [
    'request_confirmed',
    {
      index: '42',
      pubkey: '0xabc',
      operation: 'exit',
      address: WALLET,
      exitEpoch: 364032,
      balanceEth: '32.01',
    },
  ],
  [
    'request_confirmed',
    {
      pubkey: '0x' + 'ab'.repeat(48),
      operation: 'partialWithdrawal',
      address: WALLET,
      amountEth: '1234.5',
      withdrawableEpoch: 364290,
    },
  ],
  ['request_confirmed', { index: '42', pubkey: '0xabc', operation: 'switchToCompounding', address: WALLET }],
  [
    'request_confirmed',
    {
      index: '42',
      pubkey: '0xabc',
      operation: 'consolidation',
      address: WALLET,
      exitEpoch: 364032,
      balanceEth: '32.01',
      targetIndex: '43',
    },
  ],
  [
    'request_confirmed',
    {
      index: '42',
      pubkey: '0xabc',
      operation: 'consolidation',
      address: WALLET,
      exitEpoch: 364032,
      balanceEth: '32.01',
      targetPubkey: '0x' + 'cd'.repeat(48),
    },
  ],
  ['request_ignored', { pubkey: '0x' + 'ab'.repeat(48), operation: 'deposit', amountEth: '32' }],
  ['request_ignored', { pubkey: '0x' + 'ab'.repeat(48), operation: 'deposit', amountEth: '1234.5' }],
  ...(['exit', 'partialWithdrawal', 'switchToCompounding', 'consolidation', 'unknown'] as const).map(
    (operation): [AlertKind, AlertFacts] => [
      'request_ignored',
      { index: '42', pubkey: '0xabc', operation, address: WALLET, txHash: '0x' + '9f'.repeat(32) },
    ],
  ),
];

describe('alert texts in every language', () => {
  it('the English catalogue repeats alertText word for word for every kind', () => {
    const en = i18nOfLang('en');
    for (const [kind, facts] of CASES)
      expect(catalogueAlertText(en, RECORDED_FIGURES, kind, facts), kind).toEqual(alertText(kind, facts));
  });

  it('English is alertText itself', () => {
    for (const [kind, facts] of CASES)
      expect(localizedAlertText(kind, facts, 1)).toEqual(alertText(kind, facts));
  });

  it.each(LANGUAGES.filter((l) => l.langCode !== 'en').map((l) => [l.langCode, l.cultureId]))(
    '%s words every kind itself, whole',
    (_lang, cultureId) => {
      for (const [kind, facts] of CASES) {
        const english = alertText(kind, facts);
        const t = localizedAlertText(kind, facts, cultureId);
        expect(t.title, kind).not.toBe(english.title);
        expect(t.body, kind).not.toBe(english.body);
        expect(t.action.label, kind).not.toBe(english.action.label);
        expect(t.action.path).toBe(english.action.path);
        expect(`${t.title} ${t.body}`, kind).not.toMatch(/[{}]|undefined|NaN/);
      }
    },
  );

  it('German writes figures the German way and counts by German rules', () => {
    const t = localizedAlertText('credits_low', { balance: '1', dailyCost: '1234.5', daysLeft: 1 }, 2);
    expect(t.title).toBe('Ihre Credits gehen zur Neige');
    expect(t.body).toBe(
      'Ihr Guthaben beträgt 1 Credit; Ihre Validatoren kosten 1.234,5 Credits pro Tag. Sie reichen ' +
        'noch für etwa 1 Tag Ihrer Validatoren. Wenn die Credits aufgebraucht sind, lässt payd Ihre ' +
        'Validatoren austreten.',
    );
    const band = localizedAlertText('cache_band', CASES[5]![1], 2);
    expect(band.body).toContain(
      'Bei einem ETH-Kurs von 3.000,00\u00a0$ beträgt die Quote Ihres Cache 149,2 %',
    );
  });

  it('a new validator’s deposit reads as registered, with its amount written the language’s way', () => {
    const facts = { index: '42', pubkey: '0xabc', operation: 'deposit', amountEth: '1234.5' };
    expect(alertText('request_confirmed', facts)).toEqual({
      title: 'Validator 42: deposit of 1234.5 ETH registered',
      body:
        'The beacon chain registered your deposit of 1234.5 ETH: the validator now waits in the activation ' +
        'queue. It earns nothing and is not charged until it is active; payd tells you when it is.',
      action: { label: 'See it on the dashboard', path: '/dashboard' },
    });
    const de = localizedAlertText('request_confirmed', facts, 2);
    expect(de.title).toBe('Validator 42: Einzahlung von 1.234,5 ETH registriert');
    expect(de.body).toContain('Aktivierungswarteschlange');
    expect(de.action).toEqual({ label: 'Im Dashboard ansehen', path: '/dashboard' });
  });

  it('a dropped deposit reads as lost money, with its amount written the language’s way', () => {
    const facts = { pubkey: '0x' + 'ab'.repeat(48), operation: 'deposit', amountEth: '1234.5' };
    expect(alertText('request_ignored', facts)).toEqual({
      title: 'Validator 0xabababab…abab: deposit of 1234.5 ETH dropped',
      body:
        "The beacon chain processed your deposit of 1234.5 ETH but made no validator of it: the deposit's " +
        'signature did not verify, so it was dropped. The 1234.5 ETH stays in the deposit contract and cannot ' +
        'be recovered; the validator is never charged.',
      action: { label: 'Check your validators', path: '/dashboard' },
    });
    const fr = localizedAlertText('request_ignored', facts, 3);
    expect(fr.title).toBe('Validateur 0xabababab…abab : dépôt de 1\u202f234,5 ETH rejeté');
  });

  it('a German customer’s alert e-mail and digest read German; an English one as before', () => {
    const facts = CASES[0]![1];
    const de = alertMail('https://payd.test', 'a@example.com', { kind: 'credits_low', facts }, 2);
    expect(de.subject).toBe('payd: Ihre Credits gehen zur Neige');
    expect(de.text).toContain('Ihr Guthaben beträgt 3,00 Credits');
    expect(de.text).toContain('Credits aufladen: https://payd.test/payment');
    expect(de.text).toContain(
      'Welche Benachrichtigungen Sie wie erhalten, legen Sie hier fest: https://payd.test/alerts',
    );
    const digest = digestMail('https://payd.test', 'a@example.com', [{ kind: 'credits_low', facts }], 2);
    expect(digest.subject).toBe('payd: Ihre Benachrichtigungen des Tages');
    const en = alertMail('https://payd.test', 'a@example.com', { kind: 'credits_low', facts }, 1);
    const t = alertText('credits_low', facts);
    expect(en).toEqual({
      to: 'a@example.com',
      subject: `payd: ${t.title}`,
      text: `${t.body}\n\nTop up credits: https://payd.test/payment\n\nChoose which alerts you get and how: https://payd.test/alerts`,
    });
  });
});
