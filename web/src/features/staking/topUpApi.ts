// The top-up calls of Eth2WalletWs (issue 25): TopUpValidator (the signed deposit data of a top-up
// of the caller's validator), TopUpSent (the wallet's transaction) and GetTopUps (the wallet's
// top-ups, kept in react-query under the staking keys so a sync refreshes them).
import { useQuery } from '@tanstack/react-query';
import { Eth2Wallet, type TopUpRow, type TopUpValidatorReply } from '@payd/schemas';
import type { ApiClient } from '../../api/client.ts';
import { useApi } from '../../shell/session/session.tsx';
import { stakingKeys } from './dashboardApi.ts';

export async function requestTopUp(
  api: ApiClient,
  body: { walletAddress: string; pubkey: string; amountEth: number },
): Promise<TopUpValidatorReply> {
  return (await api.call(Eth2Wallet.TopUpValidator, body)).data;
}

export async function topUpSent(api: ApiClient, topUpId: number, txHash: string): Promise<TopUpRow> {
  return (await api.call(Eth2Wallet.TopUpSent, { topUpId, txHash })).data;
}

export const topUpsKey = (address: string) => [...stakingKeys.all, 'topUps', address.toLowerCase()] as const;

/** The top-ups of the connected wallet, newest first. */
export function useTopUps(address: string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: topUpsKey(address ?? ''),
    queryFn: async () => (await api.call(Eth2Wallet.GetTopUps, { walletAddress: address ?? '' })).data.TopUps,
    enabled: Boolean(address),
  });
}
