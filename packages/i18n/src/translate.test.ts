import { describe, expect, it } from 'vitest';
import { i18nOfCulture, i18nOfLang, localizeText } from './node.ts';
import { preferredLanguage } from './languages.ts';
import { splitTags } from './tags.ts';

describe('plurals from the catalogue', () => {
  it("says '1 credit' and '2 credits' in English and the plural of each language", () => {
    const en = i18nOfLang('en');
    expect(en._('credits.count', { count: 1 })).toBe('1 credit');
    expect(en._('credits.count', { count: 2 })).toBe('2 credits');
    expect(i18nOfLang('de')._('credits.count', { count: 1 })).toBe('1 Credit');
    expect(i18nOfLang('fr')._('credits.count', { count: 2 })).toBe('2 crédits prépayés');
    expect(i18nOfLang('zh-CN')._('credits.count', { count: 2 })).toBe('2 个预付点数');
  });

  it('formats the count by the language', () => {
    expect(i18nOfLang('de')._('credits.count', { count: 1500 })).toBe('1.500 Credits');
  });
});

describe('localizeText', () => {
  it("answers a spec message in the culture's language", () => {
    expect(localizeText('Confirmation code is incorrect', 2)).toBe('Der Bestätigungscode ist falsch');
    expect(localizeText('Confirmation code is incorrect', 1)).toBe('Confirmation code is incorrect');
  });

  it('recognises a text written with figures by its English message, and keeps the figures', () => {
    const english =
      'At most 20 validators may wait for their deposit at once; you have 21. Please deposit them before creating more.';
    expect(localizeText(english, 2)).toBe(
      'Höchstens 20 Validatoren dürfen gleichzeitig auf ihre Einzahlung warten; Sie haben 21. Bitte zahlen Sie sie ein, bevor Sie weitere erstellen.',
    );
    expect(localizeText(english, 1)).toBe(english);
    expect(localizeText('Unknown screen criterion 7', 3)).toBe('Critère d’écran inconnu 7');
    expect(localizeText('At most twenty validators', 2)).toBe('At most twenty validators');
  });

  it('leaves a text it does not know, and an unknown culture in English', () => {
    expect(localizeText('something else', 2)).toBe('something else');
    expect(localizeText('Access denied', 99)).toBe('Access denied');
    expect(i18nOfCulture(99).locale).toBe('en');
  });
});

describe('preferredLanguage', () => {
  it("takes the browser's first language payd speaks", () => {
    expect(preferredLanguage(['it-IT', 'de-AT', 'en']).langCode).toBe('de');
    expect(preferredLanguage(['zh-TW']).langCode).toBe('zh-CN');
    expect(preferredLanguage(['FR']).langCode).toBe('fr');
    expect(preferredLanguage(['pt-BR']).langCode).toBe('en');
  });
});

describe('splitTags', () => {
  it('turns named tags into parts and leaves other text alone', () => {
    expect(splitTags('I agree to the <terms>terms</terms> a<b', ['terms'])).toEqual([
      'I agree to the ',
      { tag: 'terms', text: 'terms' },
      ' a<b',
    ]);
  });
});
