// The signed-in customer's progress as the landing decision and the onboarding steps read it:
// both KYC records and the status codes of their registered wallets (StakeWalletAddressWs, own
// rows only). Loaded lazily with the pages that use it.
import { useQuery } from '@tanstack/react-query';
import { useConfig } from '../app/config.ts';
import { useKycRecords } from '../features/kyc/kycApi.ts';
import { corporateState, personState } from '../features/kyc/kycStatus.ts';
import type { CustomerProgress } from './landing.ts';
import { useApi } from './session.tsx';

export const registeredWalletsKey = ['staking', 'registeredWallets'] as const;

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
      const list = await api.call<{ key: string }[]>('StakeWalletAddress', 'GetStakeWalletAddress2List', {
        searchStr: '',
        topN: 5,
        filterId: '0',
      });
      const rows = await Promise.all(
        (list.data ?? []).map((w) =>
          api.call<{ StakeWalletStatusCd2?: string | null }>(
            'StakeWalletAddress',
            'GetStakeWalletAddress2ById',
            {
              keyId: w.key,
              options: {},
            },
          ),
        ),
      );
      return rows.map((r) => r.data?.StakeWalletStatusCd2 ?? '');
    },
    staleTime: 0,
  });
}

export function useCustomerProgress(): {
  isPending: boolean;
  isError: boolean;
  progress: CustomerProgress | null;
} {
  const config = useConfig();
  const records = useKycRecords();
  const wallets = useRegisteredWalletCodes();
  const isPending = records.isPending || wallets.isPending;
  const isError = records.isError || wallets.isError;
  return {
    isPending,
    isError,
    progress:
      isPending || isError
        ? null
        : {
            person: personState(records.person),
            corporate: corporateState(records.corporate),
            walletCodes: wallets.data ?? [],
            kycOnly: config.prdAllowKycOnly,
          },
  };
}
