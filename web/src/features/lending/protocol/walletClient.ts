// The connected wallet as a viem wallet client, for the protocol's signer connection.
// ProtocolProvider.tsx loads this when it connects, so the lending pages do not take viem's
// wallet action set (useWalletClient) into their first download.
import type { Address, WalletClient } from 'viem';
import type { Config } from 'wagmi';
import { getWalletClient } from 'wagmi/actions';

/** The wallet client of the connected `account`, or undefined when no wallet can sign for it. */
export async function connectedWalletClient(
  wagmiConfig: Config,
  account: Address,
): Promise<WalletClient | undefined> {
  const client = await getWalletClient(wagmiConfig).catch(() => undefined);
  return client?.account?.address === account ? client : undefined;
}
