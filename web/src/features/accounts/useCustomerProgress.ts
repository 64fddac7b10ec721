// The signed-in customer's progress as the landing decision and the onboarding steps read it:
// both KYC records and the status codes of their registered wallets (StakeWalletAddressWs, own
// rows only). Loaded lazily with the pages that use it.
import { useConfig } from '../../shell/config.ts';
import { corporateState, personState, useKycRecords } from '../kyc/index.ts';
import type { CustomerProgress } from './progress.ts';
import { useRegisteredWalletCodes } from '../../shell/session/registeredWallets.ts';

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
