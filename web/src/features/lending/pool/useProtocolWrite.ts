// Sends a write of @payd/protocol through the wallet layer's tx status bar and follows it to its
// receipt: the refusal (KYC, bootstrap, fee tolerance, pool rules) is kept in words for the form,
// and a landed write returns its succeeded receipt (details and gas used).
import { useCallback, useState } from 'react';
import type { TransactionReceipt as ViemReceipt } from 'viem';
import { TransactionFailedError, type SentTransaction, type SucceededReceipt } from '@payd/protocol';
import { useSendWithStatus } from '../../wallet/index.ts';
import { refusalText } from './refusals.ts';

export type Landed<D> = SucceededReceipt<ViemReceipt, D>;

export interface ProtocolWrite {
  /** True from the click until the receipt is in. */
  busy: boolean;
  /** Why the last write was refused, in words; undefined after a success or a cancel. */
  refusal: string | undefined;
  setRefusal: (text: string | undefined) => void;
  run<D>(label: string, write: () => Promise<SentTransaction<D>>): Promise<Landed<D> | undefined>;
}

export function useProtocolWrite(): ProtocolWrite {
  const send = useSendWithStatus();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string>();

  const run = useCallback(
    async <D>(label: string, write: () => Promise<SentTransaction<D>>) => {
      setRefusal(undefined);
      setBusy(true);
      let sent: SentTransaction<D> | undefined;
      try {
        const phase = await send(label, async () => {
          try {
            sent = await write();
            return sent.hash;
          } catch (e) {
            setRefusal(refusalText(e));
            throw e;
          }
        });
        if (!sent || phase === 'failed' || phase === 'cancelled') {
          // Spec 000 section 8: a receipt whose status is not succeeded is 'Transaction failed'.
          if (sent && phase === 'failed') setRefusal(new TransactionFailedError(undefined).message);
          return undefined;
        }
        const receipt = await sent.waitForReceipt();
        return receipt.status === 'succeeded' ? receipt : undefined;
      } finally {
        setBusy(false);
      }
    },
    [send],
  );

  return { busy, refusal, setRefusal, run };
}
