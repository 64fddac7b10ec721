// The stake deposit through @payd/protocol (issue 11: one road to the chain): a signer connection
// made from the connected wagmi wallet (dev wallet and injected wallets alike) over the chain's
// deployment, and depositValidatorBatch (the MultipleDeposit contract: each deposit with the amount
// its deposit data was signed for, the value their sum, all or nothing). StakePage.tsx loads it when the deposit is sent.
import type { Hash } from 'viem';
import type { Config } from 'wagmi';
import { getPublicClient, getWalletClient } from 'wagmi/actions';
import {
  connectSigner,
  depositValidatorBatch,
  type ProtocolDeployment,
  type ValidatorBatchDeposit,
} from '@payd/protocol';
import { loadDeployment } from '../../chain/deployment.ts';

export interface DepositThroughProtocol {
  /** wagmi's config, with the connected wallet. */
  wagmiConfig: Config;
  /** The connected chain. */
  chainId: number | undefined;
  deposits: readonly ValidatorBatchDeposit[];
  /** The deployment; by default the one the server serves for the configured chain. */
  deployment?: ProtocolDeployment;
}

/** Sends the MultipleDeposit transaction from the connected wallet; resolves with its hash once sent. */
export async function sendValidatorDeposits(p: DepositThroughProtocol): Promise<Hash> {
  const publicClient = getPublicClient(p.wagmiConfig, { chainId: p.chainId });
  if (!publicClient) throw new Error(`no client for chain ${String(p.chainId)}`);
  const connection = await connectSigner({
    walletClient: await getWalletClient(p.wagmiConfig, { chainId: p.chainId }),
    publicClient,
    deployment: p.deployment ?? (await loadDeployment()),
  });
  const sent = await depositValidatorBatch(connection, p.deposits);
  return sent.hash;
}
