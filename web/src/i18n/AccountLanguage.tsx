// At each sign-in, the account and this browser agree on a language: a choice made here while
// signed out is saved to the account; otherwise the account's remembered CultureId is shown.
import { languageOfCode, languageOfCulture } from '@payd/i18n';
import { Profile } from '@payd/schemas';
import { useEffect } from 'react';
import { useSession } from '../shell/session/session.tsx';
import { activateLanguage, activeLanguage, storeChoice, storedChoice } from './language.ts';

export default function AccountLanguage() {
  const { api, user } = useSession();
  const usrId = user?.UsrId;
  const cultureId = user?.CultureId;
  useEffect(() => {
    if (usrId === undefined || cultureId === undefined) return;
    const stored = storedChoice();
    const chosen = stored?.unsaved ? languageOfCode(stored.lang) : undefined;
    if (chosen) {
      storeChoice({ lang: chosen.langCode });
      if (chosen.cultureId !== cultureId)
        void api
          .call(Profile.UpdUsrCulture, { CultureId: chosen.cultureId })
          .catch(() => storeChoice({ lang: chosen.langCode, unsaved: true }));
      return;
    }
    const account = languageOfCulture(cultureId);
    if (account.cultureId !== activeLanguage().cultureId) {
      storeChoice({ lang: account.langCode });
      void activateLanguage(account);
    }
    // Once per signed-in user: a later re-read of the user must not undo a switch made since.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [usrId]);
  return null;
}
