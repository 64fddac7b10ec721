// After any sign-in: store the tokens, go to the remembered origin (or the given target), and
// load the user. Navigating in the same tick as storing the tokens means the guards of the
// page being left never see the new user and never redirect elsewhere; the guards of the
// target show a loader until the user is known.
import type { TokenSet } from '@payd/schemas';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../shell/session/session.tsx';
import { forgetOrigin, rememberedOrigin, setSignInTarget } from '../../shell/session/originStore.ts';
import { afterLoginTarget } from '../../shell/navigation/guards.ts';

export function useCompleteSignIn() {
  const { signIn } = useSession();
  const navigate = useNavigate();
  return useCallback(
    async (tokens: TokenSet, target?: string) => {
      const to = target ?? afterLoginTarget(rememberedOrigin());
      forgetOrigin();
      setSignInTarget(to);
      const loaded = signIn(tokens); // stores the tokens synchronously
      void navigate(to, { replace: true });
      await loaded;
    },
    [signIn, navigate],
  );
}
