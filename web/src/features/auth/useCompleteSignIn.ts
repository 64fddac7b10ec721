// After any sign-in: store the tokens, load the user, and go to the remembered origin or '/'.
import type { TokenSet } from '@payd/schemas';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../auth/session.tsx';
import { forgetOrigin, rememberOrigin, rememberedOrigin } from '../../auth/originStore.ts';
import { afterLoginTarget } from '../../routes/guards.ts';

export function useCompleteSignIn() {
  const { signIn } = useSession();
  const navigate = useNavigate();
  return useCallback(
    async (tokens: TokenSet, target?: string) => {
      const to = target ?? afterLoginTarget(rememberedOrigin());
      // Guards that see the new user before we navigate (sign-up, login) send it to the same place.
      const q = to.indexOf('?');
      rememberOrigin(
        q < 0 ? { pathname: to, search: '' } : { pathname: to.slice(0, q), search: to.slice(q) },
      );
      await signIn(tokens);
      forgetOrigin();
      navigate(to, { replace: true });
    },
    [signIn, navigate],
  );
}
