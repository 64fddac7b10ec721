// The Transaction Summary words its fees from the figures in the page's language: in English
// exactly what stakeFees.ts says (the texts the journeys read), in German with its own plurals
// and decimal comma.
import { describe, expect, it } from 'vitest';
import { languageOfCode } from '@payd/i18n';
import { activateLanguage, i18n } from '../../i18n/language.ts';
import type { Translate } from '../../i18n/useT.ts';
import { feeView, stakeFeeView } from './stakeFees.ts';
import { feeTexts } from './StakeReviewModal.tsx';

async function translateIn(lang: string): Promise<Translate> {
  await activateLanguage(languageOfCode(lang)!);
  return { lang, t: (id, values) => i18n._(id, values), message: (x) => x, field: (p) => p };
}

const views = [
  stakeFeeView('1', { Validators: 0, Credits: '0' }, { count: 2, kind: '0x01', amountEth: 32 }),
  stakeFeeView('1', { Validators: 1, Credits: '100' }, { count: 1, kind: '0x02', amountEth: 64 }),
  feeView({ cr: '1', validators: 2, dailyFee: '2' }, '64'),
  feeView({ cr: '1', validators: 3, dailyFee: '3' }, '2.5'),
  feeView({ cr: '1', validators: 1, dailyFee: '1' }, '-4'),
];

describe('the stake summary fee texts', () => {
  it('say in English what stakeFees words', async () => {
    const en = await translateIn('en');
    for (const v of views)
      expect(feeTexts(en, v.figures)).toEqual({ fee: v.fee, stake: v.stake, runway: v.runway });
  });

  it('say it in German, credits with a decimal comma and plurals by count', async () => {
    const de = await translateIn('de');
    const [first, second, , short] = views.map((v) => feeTexts(de, v.figures));
    expect(first!.fee).toBe(
      '2,00 Credits pro Tag (1,00 je 32 ETH effektivem Guthaben), ab dem ersten vollen UTC-Tag nach der Aktivierung',
    );
    expect(first!.stake).toBe('2 Validatoren mit je 32 ETH: 2,00 Credits pro Tag (1,00 je Validator)');
    expect(first!.runway).toBe(
      'Sie haben noch keine Credits: Laden Sie nach der Einzahlung auf, damit Ihre Validatoren weiterlaufen.',
    );
    expect(second!.stake).toBe('1 Validator mit 64 ETH: 2,00 Credits pro Tag');
    expect(short!.runway).toBe(
      'Ihre 2,50 Credits decken keinen Tag für 3 Validatoren: Laden Sie nach der Einzahlung auf.',
    );
    expect(feeTexts(de, views[2]!.figures).runway).toBe(
      'Ihre 64,00 Credits reichen für etwa 1 Monat mit 2 Validatoren.',
    );
  });
});
