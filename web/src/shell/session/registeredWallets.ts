// The status codes of the signed-in customer's registered wallets (StakeWalletAddressWs, own rows
// only): the landing decision and the onboarding steps read them, and the navigation shell when
// this tab has not been through /accountStatus.
import { useQuery } from '@tanstack/react-query';
import { screenRefs } from '@payd/schemas';
import { useApi } from './session.tsx';

export const registeredWalletsKey = ['staking', 'registeredWallets'] as const;

const walletAddressScreen = screenRefs('StakeWalletAddress', 'StakeWalletAddress2');

/**
 * Status codes of the customer's registered wallets ('A', 'D' or ''), read from each row (the
 * search list carries the status's label, not its code).
 */
export function useRegisteredWalletCodes(enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: registeredWalletsKey,
    enabled,
    queryFn: async () => {
      const list = await api.call(walletAddressScreen.List, {
        searchStr: '',
        topN: 5,
        filterId: '0',
      });
      const rows = await Promise.all(
        (list.data ?? []).map((w) => api.call(walletAddressScreen.ById, { keyId: w.key, options: {} })),
      );
      return rows.map((r) => String(r.data.StakeWalletStatusCd2 ?? ''));
    },
    staleTime: 0,
  });
}
