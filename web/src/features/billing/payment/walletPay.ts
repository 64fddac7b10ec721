// Paying for credits from the customer's connected wallet through @payd/protocol: ETH sent to
// payd's wallet (sendETH) or an FTX transfer to it (transferFTX). Returns the transaction hash once
// mined; the server then verifies and books it.
import { useCallback } from 'react';
import { useWalletClient } from 'wagmi';
import type { Address, Hex } from 'viem';
import { connectSigner, createProtocolClient, sendETH, transferFTX } from '@payd/protocol';
import { useConfig } from '../../../app/config.ts';
import { loadDeployment } from '../../../chain/deployment.ts';

export type PayCurrencyCrypto = 'ETH' | 'FTX';

export function useWalletPay() {
  const config = useConfig();
  const { data: walletClient } = useWalletClient();
  const chain = config.chains[String(config.chainId)];
  const rpcUrl = chain?.rpcUrl || config.devRPC;
  return useCallback(
    async (currency: PayCurrencyCrypto, to: string, amount: string): Promise<Hex> => {
      if (!walletClient) throw new Error('Please connect your wallet first.');
      const deployment = await loadDeployment();
      if (!deployment) throw new Error('Payments are not available on this network.');
      const publicClient = createProtocolClient({ deployment, rpcUrl });
      const connection = await connectSigner({ walletClient, publicClient, deployment });
      const sent =
        currency === 'ETH'
          ? await sendETH(connection, to as Address, amount)
          : await transferFTX(connection, to as Address, amount);
      const receipt = await sent.waitForReceipt();
      if (receipt.status !== 'succeeded') throw new Error('The payment transaction failed.');
      return sent.hash;
    },
    [walletClient, rpcUrl],
  );
}
