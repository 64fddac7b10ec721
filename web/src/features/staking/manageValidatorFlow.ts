// The manage screen's two server calls (spec 001 'Single-validator withdrawal and exit screen'),
// over an injected API: DisplayMnemonic (the wallet's 24 words, after a fresh sign-in) and
// WithdrawValidator (a voluntary exit of one validator, signed on the server). Tested in
// manageValidatorFlow.test.ts; useManageValidator.ts holds the React state around them.
import type { ApiClient } from '../../api/client.ts';
import { Eth2Wallet } from '@payd/schemas';

/** The 24 recovery words of the wallet whose withdrawal address is `walletAddress`. */
export async function revealMnemonic(api: ApiClient, walletAddress: string | undefined): Promise<string> {
  return (await api.call(Eth2Wallet.DisplayMnemonic, { walletAddress: walletAddress ?? '' })).data.mst
    .Mnemonic;
}

/** Exits the validator `pubkey` of the wallet at `walletAddress`. */
export async function exitValidator(api: ApiClient, walletAddress: string | undefined, pubkey: string) {
  return api.call(Eth2Wallet.WithdrawValidator, { walletAddress: walletAddress ?? '', pubkey });
}
