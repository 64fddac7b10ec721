import { beforeEach, describe, expect, it, vi } from 'vitest';
import { authMessages } from '@payd/schemas';
import { languageOfCode } from '@payd/i18n';
import { activateLanguage } from '../i18n/language.ts';

const shown: Record<string, unknown>[] = [];
vi.mock('@mantine/notifications', () => ({
  notifications: { show: (n: Record<string, unknown>) => shown.push(n) },
}));
const { notify, notifyFailure, notifyReplyMessage, TOAST_TIMEOUT_MS } = await import('./notify.ts');
await import('@mantine/notifications'); // notify loads it on the first toast
/** Waits until notify's import of the package has shown `count` toasts. */
const shownCount = (count: number) => vi.waitFor(() => expect(shown).toHaveLength(count), { timeout: 4000 });

describe('notifications', () => {
  beforeEach(async () => {
    shown.length = 0;
    await activateLanguage(languageOfCode('en')!);
  });

  it('shows type E as a red error toast and anything else as success, for 5000 ms', async () => {
    notify({ msgType: 'E', message: 'bad' });
    notify({ msgType: 'I', message: 'good' });
    await shownCount(2);
    expect(shown.map((n) => [n.color, n.title, n.message, n.autoClose])).toEqual([
      ['red', 'Error', 'bad', TOAST_TIMEOUT_MS],
      ['teal', 'Success', 'good', TOAST_TIMEOUT_MS],
    ]);
    expect(TOAST_TIMEOUT_MS).toBe(5000);
  });

  it("shows a failed request's message with its validation errors", async () => {
    notifyFailure({
      message: 'Please check the form',
      validationErrors: [{ field: 'emailAddress', message: 'Please enter a valid email address' }],
    });
    await shownCount(1);
    expect(shown[0]!.color).toBe('red');
    expect(JSON.stringify(shown[0]!.message)).toContain('Please enter a valid email address');
    expect(JSON.stringify(shown[0]!.message)).toContain('Please check the form');
  });

  it('shows a success reply only when it has a message', async () => {
    notifyReplyMessage({});
    notifyReplyMessage({ message: 'Saved' });
    await shownCount(1);
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ color: 'teal', message: 'Saved' });
  });

  it('words its titles, its close button and an English rule text in the language on screen', async () => {
    await activateLanguage(languageOfCode('de')!);
    notify({ msgType: 'E', message: 'Der Server hat schon übersetzt' });
    notify({ msgType: 'S', message: authMessages.passwordChanged });
    notifyFailure(new Error(''));
    await shownCount(3);
    expect(shown.map((n) => [n.title, n.message])).toEqual([
      ['Fehler', 'Der Server hat schon übersetzt'],
      ['Erfolg', 'Das Passwort wurde geändert. Bitte melden Sie sich an.'],
      ['Fehler', 'Etwas ist schiefgelaufen'],
    ]);
    expect(shown[0]!.closeButtonProps).toEqual({ 'aria-label': 'Benachrichtigung schließen' });
  });
});
