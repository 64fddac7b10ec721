// Paying for credits from the connected wallet through @payd/protocol: ETH sent to payd's wallet
// (sendETH) or an FTX transfer to it (transferFTX). walletPay.ts loads this when the person pays,
// so the payment page does not download the protocol and viem's wallet action set up front.
import type { Address, Hex } from 'viem';
import { sendETH, transferFTX } from '@payd/protocol';
import { connectWallet, type ChainAccess } from '../../../shell/chain/connection.ts';
import type { PayCurrencyCrypto } from './walletPay.ts';

export interface WalletPayment extends ChainAccess {
  currency: PayCurrencyCrypto;
  /** payd's wallet. */
  to: string;
  /** In ETH or FTX, as the person typed it. */
  amount: string;
}

/** Sends the payment from the connected wallet; resolves with its hash once mined. */
export async function payFromWallet(p: WalletPayment): Promise<Hex> {
  const connection = await connectWallet(p, { unavailable: 'Payments are not available on this network.' });
  const sent =
    p.currency === 'ETH'
      ? await sendETH(connection, p.to as Address, p.amount)
      : await transferFTX(connection, p.to as Address, p.amount);
  const receipt = await sent.waitForReceipt();
  if (receipt.status !== 'succeeded') throw new Error('The payment transaction failed.');
  return sent.hash;
}
