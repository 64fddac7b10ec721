// Sends a cache write of @payd/protocol through the tx status bar, only when the connected wallet
// can sign and KYC lets it act; after confirmation the store reloads so the page shows the chain.
import { useState } from 'react';
import type { SignerConnection } from '@payd/protocol';
import type { Hex } from 'viem';
import { useSendWithStatus } from '../../wallet/index.ts';
import type { WalletKyc } from '../kycGateView.tsx';
import { useProtocolEntry, useSigner } from '../protocol/ProtocolProvider.tsx';

export type WriteOutcome = 'blocked' | 'confirmed' | 'failed' | 'cancelled' | 'other';

export function useCacheWrite(kyc: WalletKyc) {
  const send = useSendWithStatus();
  const signer = useSigner();
  const { store } = useProtocolEntry();
  const [busy, setBusy] = useState(false);
  const blocked = kyc.checking || Boolean(kyc.refusal) || !signer;

  const run = async (
    label: string,
    write: (signer: SignerConnection) => Promise<{ hash: Hex }>,
  ): Promise<WriteOutcome> => {
    if (blocked || busy || !signer) return 'blocked';
    setBusy(true);
    try {
      const phase = await send(label, async () => (await write(signer)).hash);
      if (phase === 'confirmed') await store.refresh().catch(() => undefined);
      return phase === 'confirmed' || phase === 'failed' || phase === 'cancelled' ? phase : 'other';
    } finally {
      setBusy(false);
    }
  };
  return { run, busy, blocked };
}
