// The stake deposit through @payd/protocol (issue 11: one road to the chain): a signer connection
// made from the connected wagmi wallet (dev wallet and injected wallets alike) over the chain's
// deployment, and depositValidatorBatch (the MultipleDeposit contract: exactly 32 ETH per
// validator, all or nothing).
import type { Hash, PublicClient, WalletClient } from 'viem';
import {
  connectSigner,
  depositValidatorBatch,
  type ProtocolDeployment,
  type ValidatorDepositData,
} from '@payd/protocol';
import { loadDeployment } from '../../chain/deployment.ts';

export interface DepositThroughProtocol {
  walletClient: WalletClient;
  publicClient: PublicClient;
  deposits: readonly ValidatorDepositData[];
  /** The deployment; by default the one the server serves for the configured chain. */
  deployment?: ProtocolDeployment;
}

/** Sends the MultipleDeposit transaction from the connected wallet; resolves with its hash once sent. */
export async function sendValidatorDeposits(p: DepositThroughProtocol): Promise<Hash> {
  const connection = await connectSigner({
    walletClient: p.walletClient,
    publicClient: p.publicClient,
    deployment: p.deployment ?? (await loadDeployment()),
  });
  const sent = await depositValidatorBatch(connection, p.deposits);
  return sent.hash;
}
