// The manage screen's two server calls (spec 001 'Single-validator withdrawal and exit screen'),
// over an injected API: DisplayMnemonic (the wallet's 24 words, after a fresh sign-in) and
// WithdrawValidator (a voluntary exit of one validator, signed on the server). Tested in
// manageValidatorFlow.test.ts; useManageValidator.ts holds the React state around them.
import type { ApiClient } from '../../api/client.ts';
import { ETH2_WALLET } from './dashboardApi.ts';

/** The 24 recovery words of the wallet whose withdrawal address is `walletAddress`. */
export async function revealMnemonic(api: ApiClient, walletAddress: string | undefined): Promise<string> {
  const r = await api.call<{ mst: { Mnemonic: string } }>(ETH2_WALLET, 'DisplayMnemonic', { walletAddress });
  return r.data!.mst.Mnemonic;
}

/** Exits the validator `pubkey` of the wallet at `walletAddress`. */
export async function exitValidator(api: ApiClient, walletAddress: string | undefined, pubkey: string) {
  return api.call(ETH2_WALLET, 'WithdrawValidator', { walletAddress, pubkey });
}
