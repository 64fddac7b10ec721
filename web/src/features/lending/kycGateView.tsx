// The on-chain KYC check of the connected wallet (KycManager statusOf and isApproved, read once per
// wallet through @payd/protocol), and the alert that says in words why it may not act.
import { Alert } from '@mantine/core';
import { useEffect, useState } from 'react';
import { getKycStatus, isKycApproved } from '@payd/protocol';
import { useProtocol, useProtocolEntry } from './protocol/ProtocolProvider.tsx';
import { BORROWING, kycRefusal, type LendingActivity } from './kycGate.ts';

export const KYC_UNREADABLE =
  'The KYC status of this wallet cannot be read right now, so nothing can be sent. Please try again later.';
/** Asked of a page with no wallet connected. */
export const noWallet = (activity: LendingActivity = BORROWING) => `Connect your wallet to ${activity.verb}.`;

export interface WalletKyc {
  /** Still reading the status: nothing may be sent yet. */
  checking: boolean;
  /** Why the wallet may not act; undefined when it may. */
  refusal?: string;
}

export function useWalletKyc(activity: LendingActivity = BORROWING): WalletKyc {
  const { connection } = useProtocolEntry();
  const address = useProtocol((s) => s.userAddress);
  const [result, setResult] = useState<{ address: string; refusal?: string }>();
  useEffect(() => {
    if (!address) return;
    let cancelled = false;
    Promise.all([getKycStatus(connection, address), isKycApproved(connection, address)]).then(
      ([status, approved]) =>
        !cancelled && setResult({ address, refusal: kycRefusal(status, approved, activity) }),
      () => !cancelled && setResult({ address, refusal: KYC_UNREADABLE }),
    );
    return () => {
      cancelled = true;
    };
  }, [connection, address, activity]);
  if (!address) return { checking: false, refusal: noWallet(activity) };
  if (result?.address !== address) return { checking: true };
  return { checking: false, refusal: result.refusal };
}

export function KycRefusalAlert({ kyc }: { kyc: WalletKyc }) {
  if (!kyc.refusal) return null;
  return (
    <Alert color="red" variant="light" title="This wallet cannot borrow" role="alert">
      {kyc.refusal}
    </Alert>
  );
}
