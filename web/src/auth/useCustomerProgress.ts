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

/** Status codes of the customer's registered wallets (the search list's right label is the code). */
export function useRegisteredWalletCodes() {
  const api = useApi();
  return useQuery({
    queryKey: registeredWalletsKey,
    queryFn: async () => {
      const r = await api.call<{ key: string; labelR: string }[]>(
        'StakeWalletAddress',
        'GetStakeWalletAddress2List',
        { searchStr: '', topN: 5, filterId: '0' },
      );
      return (r.data ?? []).map((w) => w.labelR ?? '');
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
