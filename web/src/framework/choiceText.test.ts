// Staff screens' reference values in the reader's language (issue 28): the server sends them in
// English as stored; the catalogue's staffChoice.* and Intl's country names show them translated.
import { LANGUAGES } from '@payd/i18n';
import { afterAll, describe, expect, it } from 'vitest';
import { activateLanguage } from '../i18n/language.ts';
import { translated } from '../i18n/useT.ts';
import { choiceText, countryIn } from './choiceText.ts';

const language = (code: string) => LANGUAGES.find((l) => l.langCode === code)!;

afterAll(() => activateLanguage(language('en')));

describe('choiceText', () => {
  it('shows roles, statuses, yes/no and countries in German, the rest as it came', async () => {
    await activateLanguage(language('de'));
    const de = (text: string) => choiceText(text, 'de', translated);
    expect(de('Borrower')).toBe('Kreditnehmer');
    expect(de('KYC reviewer')).toBe('KYC-Prüfer');
    expect(de('Waiting for Review (escalated)')).toBe('Wartet auf Prüfung (eskaliert)');
    expect(de('Credit Card')).toBe('Kreditkarte');
    expect(de('Yes')).toBe('Ja');
    expect(de('Germany')).toBe('Deutschland');
    expect(de('United States')).toBe('Vereinigte Staaten');
    expect(de('alice@example.com')).toBe('alice@example.com');
    expect(de('Jane Roe')).toBe('Jane Roe');
  });

  it('keeps English as stored, and a Chinese country name from Intl', async () => {
    await activateLanguage(language('en'));
    expect(choiceText('Borrower', 'en', translated)).toBe('Borrower');
    expect(countryIn('zh-CN', 'France')).toBe('法国');
    expect(countryIn('fr', 'Nowhere Land')).toBeUndefined();
  });
});
