import { describe, expect, it } from 'vitest';
import { languageOfCode } from '@payd/i18n';
import { activateLanguage, i18n } from '../../i18n/language.ts';
import { passkeyDates } from './passkeyDates.ts';

const added = { createdAt: '2026-11-24T22:20:00.000Z', lastUsedAt: null };
const used = { createdAt: '2026-11-24T22:20:00.000Z', lastUsedAt: '2026-11-25T08:03:00.000Z' };

/** passkeyDates in `lang`, as the page calls it. */
async function datesIn(lang: string, p: typeof added | typeof used) {
  await activateLanguage(languageOfCode(lang)!);
  return passkeyDates(p, { t: (id, values) => i18n._(id, values), lang }, 'UTC');
}

describe('passkeyDates', () => {
  it('says when the passkey was added and last used, or that it never was', async () => {
    expect(await datesIn('en', added)).toBe('Added Nov 24, 2026, 10:20 PM · Not used yet');
    expect(await datesIn('en', used)).toBe('Added Nov 24, 2026, 10:20 PM · Last used Nov 25, 2026, 08:03 AM');
  });

  it('says it in the language on screen, with its way of writing dates', async () => {
    expect(await datesIn('de', added)).toBe('Hinzugefügt am 24. Nov. 2026, 22:20 · Noch nicht verwendet');
    expect(await datesIn('fr', used)).toBe(
      'Ajoutée le 24 nov. 2026, 22:20 · Dernière utilisation le 25 nov. 2026, 08:03',
    );
  });
});
