// The language switcher in the header of every page (signed out on the auth card, signed in in the
// top bar): a native select on Mantine's Input, which /login already has (NativeSelect would add
// its combobox chevron, 1.1 kB); the choice shows at once and, for a signed-in person, is saved to
// the account (ProfileWs UpdUsrCulture).
import { Input } from '@mantine/core';
import type { ChangeEvent } from 'react';
import { LANGUAGES, languageOfCode } from '@payd/i18n';
import { Profile } from '@payd/schemas';
import { useSession } from '../shell/session/session.tsx';
import { chooseLanguage } from './language.ts';
import { useT } from './useT.ts';

const chevron = (
  <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden>
    <path d="M3 4.5 6 7.5 9 4.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
  </svg>
);

export function LanguageSwitcher() {
  const { t, lang } = useT();
  const { api, user } = useSession();
  return (
    <Input
      component="select"
      aria-label={t('language.label')}
      size="xs"
      w={{ base: 92, sm: 116 }}
      style={{ flexShrink: 0 }}
      pointer
      rightSection={chevron}
      rightSectionPointerEvents="none"
      value={lang}
      onChange={(e: ChangeEvent<HTMLSelectElement>) => {
        const language = languageOfCode(e.currentTarget.value);
        if (!language) return;
        void chooseLanguage(language, { signedIn: Boolean(user) });
        if (user)
          void api.call(Profile.UpdUsrCulture, { CultureId: language.cultureId }).catch(() => undefined); // Shown in this browser either way; the next choice saves again.
      }}
    >
      {LANGUAGES.map((l) => (
        <option key={l.langCode} value={l.langCode}>
          {l.name}
        </option>
      ))}
    </Input>
  );
}
