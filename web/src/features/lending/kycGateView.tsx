// The on-chain KYC check of the connected wallet (KycManager statusOf and isApproved, read once per
// wallet through @payd/protocol), and the alert that says in words why it may not act.
import { Alert } from '@mantine/core';
import { useEffect, useState } from 'react';
import { getKycStatus, isKycApproved } from '@payd/protocol';
import { useT } from '../../i18n/useT.ts';
import { useProtocol, useProtocolEntry } from './protocol/ProtocolProvider.tsx';
import { BORROWING, kycRefusal, type LendingActivity, type OnChainKycStatus } from './kycGate.ts';

export interface WalletKyc {
  /** Still reading the status: nothing may be sent yet. */
  checking: boolean;
  /** Why the wallet may not act, in the reader's language; undefined when it may. */
  refusal?: string;
}

type Read = { address: string; status?: OnChainKycStatus; approved?: boolean };

export function useWalletKyc(activity: LendingActivity = BORROWING): WalletKyc {
  const { connection } = useProtocolEntry();
  const address = useProtocol((s) => s.userAddress);
  const { t } = useT();
  const [result, setResult] = useState<Read>();
  useEffect(() => {
    if (!address) return;
    let cancelled = false;
    Promise.all([getKycStatus(connection, address), isKycApproved(connection, address)]).then(
      ([status, approved]) => !cancelled && setResult({ address, status, approved }),
      () => !cancelled && setResult({ address }),
    );
    return () => {
      cancelled = true;
    };
  }, [connection, address]);
  if (!address) return { checking: false, refusal: t(`lending.kyc.${activity.id}.noWallet`) };
  if (result?.address !== address) return { checking: true };
  // The status could not be read: nothing is sent.
  if (result.status === undefined) return { checking: false, refusal: t('lending.kyc.unreadable') };
  // kycRefusal words it in English (its tests read the spec's words); its message id is the same case.
  const refused = kycRefusal(result.status, result.approved ?? false, activity) !== undefined;
  return {
    checking: false,
    refusal: refused ? t(`lending.kyc.${activity.id}.${result.status}`) : undefined,
  };
}

export function KycRefusalAlert({ kyc }: { kyc: WalletKyc }) {
  const { t } = useT();
  if (!kyc.refusal) return null;
  return (
    <Alert color="red" variant="light" title={t('lending.kyc.title')} role="alert">
      {kyc.refusal}
    </Alert>
  );
}
