// The screens' framework texts and the start-up and wallet errors come from the catalogue: counts
// as plurals, the English of the spec kept, and shown in the active language.
import { afterAll, describe, expect, it } from 'vitest';
import { languageOfCode, type LangCode } from '@payd/i18n';
import type { WebConfig } from '@payd/schemas';
import { fundDevAccount } from '../features/wallet/devWallet.ts';
import { activateLanguage, i18n } from '../i18n/language.ts';
import { ConfigError, loadConfig } from '../shell/config.ts';

const speak = (code: LangCode) => activateLanguage(languageOfCode(code)!);
const notFound = (async () => new Response('{}', { status: 404 })) as unknown as typeof fetch;

describe('framework texts', () => {
  afterAll(() => speak('en'));

  it("counts 'View N more' with the language's plural rules", async () => {
    await speak('en');
    expect(i18n._('framework.viewMore', { count: 1 })).toBe('View 1 more');
    expect(i18n._('framework.viewMore', { count: 20 })).toBe('View 20 more');
    await speak('de');
    expect(i18n._('framework.viewMore', { count: 1 })).toBe('1 weiteren anzeigen');
    expect(i18n._('framework.viewMore', { count: 20 })).toBe('20 weitere anzeigen');
    expect(i18n._('framework.list.shown', { shown: 20, total: '500+' })).toBe('20 von 500+ angezeigt');
  });

  it('keeps the config failure in English for the log and gives its message in the active language', async () => {
    await speak('fr');
    const error = await loadConfig(notFound).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    const e = error as ConfigError;
    expect(e.message).toBe('The configuration could not be loaded (404)');
    expect(i18n._(e.id, e.values)).toBe('La configuration n’a pas pu être chargée (404)');
  });

  it('says in the active language that the dev wallet has no faucet', async () => {
    await speak('es');
    await expect(fundDevAccount({} as WebConfig, '0x1')).rejects.toThrow(
      'Sin faucet: la billetera de desarrollo solo existe en la configuración integrada por defecto',
    );
    await speak('en');
    await expect(fundDevAccount({} as WebConfig, '0x1')).rejects.toThrow(
      'No faucet: the dev wallet exists only in the embedded default',
    );
  });
});
