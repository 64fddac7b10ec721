// Proof of wallet ownership at registration (StakeWalletAddressWs SaveData): the wallet signs this
// message (EIP-191 personal_sign) naming itself, the payd account and the time; the server rebuilds
// the message from the saved address, the caller and the time, and recovers the signer.

/** How far the signing time may be from the server's clock. */
export const WALLET_PROOF_MAX_AGE_MS = 10 * 60_000;

/** What SaveData's options carry for a customer's new registration. */
export interface WalletProofOptions {
  /** ISO time the message was signed at (as in the message). */
  WalletSignedAt: string;
  /** 0x signature of walletRegistrationMessage by the wallet being registered. */
  WalletSignature: string;
}

export function walletRegistrationMessage(a: { address: string; usrId: number; signedAt: string }): string {
  return [
    'Register this wallet with payd.',
    '',
    `Wallet: ${a.address.toLowerCase()}`,
    `Account: ${a.usrId}`,
    `Signed at: ${a.signedAt}`,
    '',
    'Signing proves that you own this wallet. It sends no transaction and costs nothing.',
  ].join('\n');
}
