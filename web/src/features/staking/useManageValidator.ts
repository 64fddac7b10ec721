// The manage screen's state: the revealed words (an old sign-in is confirmed in place, then the
// words are asked for again), the exit confirmation and the exit itself, with the API, the
// identity check and what follows an exit injected. The calls are manageValidatorFlow.ts.
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { ApiClient } from '../../api/client.ts';
import { isApiError } from '../../api/errors.ts';
import { exitValidator, revealMnemonic } from './manageValidatorFlow.ts';
import { isReauthRequired } from './validatorsRules.ts';

export function useManageValidator(d: {
  api: ApiClient;
  address: string | undefined;
  /** The selected validator's public key (null: none selected). */
  pubkey: string | null;
  identity: { ask: (message: string, retry: () => void) => void };
  onExited: () => void;
}) {
  const [mnemonic, setMnemonic] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const reveal = useMutation({
    meta: { silent: true },
    mutationFn: () => revealMnemonic(d.api, d.address),
    onSuccess: (words) => setMnemonic(words),
    // An old sign-in: the person confirms who they are here, then the words are revealed.
    onError: (e) => {
      if (isReauthRequired(e)) d.identity.ask(e.message, () => reveal.mutate());
    },
  });
  const revealError = reveal.error;
  const needsSignIn = isApiError(revealError) && isReauthRequired(revealError);
  const exit = useMutation({
    mutationFn: () => exitValidator(d.api, d.address, String(d.pubkey)),
    onSuccess: () => d.onExited(),
    onSettled: () => setConfirming(false),
  });
  return { mnemonic, setMnemonic, confirming, setConfirming, reveal, revealError, needsSignIn, exit };
}
