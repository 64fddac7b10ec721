// The stake screen's state and orchestration (spec 001 sections 4 and 5), with what it talks to
// injected: the payd API, the wallet writer (the MultipleDeposit transaction), the status bar's
// send and the chain's receipts. The steps themselves are the plain functions of stakeFlow.ts
// (tested in stakeFlow.test.ts); this hook keeps the form, the review and the progress card in
// React state, resumes a deposit sent before a reload, and goes to the dashboard once it is done.
import { useCallback, useState } from 'react';
import type { ApiClient } from '../../api/client.ts';
import { notifyFailure } from '../../notifications/notify.ts';
import { clearPendingDeposit } from './pendingDeposit.ts';
import type { Progress } from './StakeProgress.tsx';
import {
  prepareDeposits,
  sendDeposits,
  walletToStakeWith,
  type DepositWriter,
  type Hash,
  type SendWithStatus,
} from './stakeFlow.ts';
import { amountForKind, STAKE_PAGE_KIND, type DepositBatch, type ValidatorKind } from './stakeRules.ts';
import { useDepositWatch } from './useDepositWatch.ts';

/** The chain's view of a sent transaction. */
export interface ReceiptReader {
  /** Waits (without a time limit) for the transaction's receipt. */
  wait(hash: Hash): Promise<{ status: 'success' | 'reverted'; blockNumber: bigint }>;
  /** The block the transaction was mined in, or null when it cannot be read. */
  blockOf(hash: Hash): Promise<bigint | null>;
}

export interface StakeFlowDeps {
  api: ApiClient;
  write: DepositWriter;
  send: SendWithStatus;
  /** Undefined until the chain's client is ready. */
  receipts: ReceiptReader | undefined;
  usrId: number;
  chainId: number | undefined;
  /** The connected wallet: the default withdrawal address. */
  address: string | undefined;
  multipleDeposit: string | undefined;
  /** The genesis fork version the deposit data must carry (undefined: not checked); read on sending. */
  forkVersion: () => Promise<string | undefined>;
  /** The deposit is confirmed: balances changed. */
  onDeposited: () => void;
  /** Leave for the dashboard. */
  done: () => void;
}

/**
 * The stake form: the kind (0x02 first), the amount per validator, how many validators, the
 * withdrawal address, the confirmation and the review.
 */
function useStakeForm(address: string | undefined) {
  const [kind, setKind] = useState<ValidatorKind>(STAKE_PAGE_KIND);
  const [typedAmount, setTypedAmount] = useState<number | null>(32);
  const [count, setCount] = useState<number | null>(null);
  // The withdrawal address defaults to the connected wallet until the customer edits it.
  const [editedWithdrawal, setEditedWithdrawal] = useState<string | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const [reviewing, setReviewing] = useState(false);
  const editWithdrawal = (value: string) => {
    setEditedWithdrawal(value);
    setConfirmed(false);
  };
  const reset = useCallback(() => {
    setCount(null);
    setTypedAmount(32);
    setConfirmed(false);
    setReviewing(false);
  }, []);
  const withdrawal = editedWithdrawal ?? address ?? '';
  return {
    kind,
    setKind,
    /** ETH per validator: what was typed for 0x02, always 32 for 0x01. */
    amountEth: amountForKind(kind, typedAmount),
    setAmountEth: setTypedAmount,
    count,
    setCount,
    withdrawal,
    editWithdrawal,
    confirmed,
    setConfirmed,
    reviewing,
    setReviewing,
    reset,
  };
}

export function useStakeFlow(d: StakeFlowDeps) {
  const { api, usrId, chainId, receipts } = d;
  const { reset: resetForm, ...form } = useStakeForm(d.address);
  const { count, withdrawal, setConfirmed, setReviewing, kind } = form;
  const amountEth = form.amountEth ?? 0;
  const [progress, setProgress] = useState<Progress | null>(null);
  const watch = useDepositWatch({ deps: d, setProgress, resetForm });

  /** Continue: a wallet of this withdrawal address saved on another network aborts silently. */
  const onContinue = async () => {
    try {
      const found = await walletToStakeWith(api, withdrawal, chainId);
      if ('otherNetwork' in found) {
        console.warn('stake: the wallet was saved on network', found.otherNetwork, 'not', chainId);
        return;
      }
      setReviewing(true);
    } catch (e) {
      notifyFailure(e);
    }
  };

  /** The validators created and their deposit data checked; null when refused or failed (said so). */
  const prepare = async (n: number, to: string): Promise<DepositBatch | null> => {
    try {
      const prepared = await prepareDeposits(api, {
        validators: n,
        kind,
        amountEth,
        withdrawalAddress: to,
        chainId,
        forkVersion: await d.forkVersion(),
        onChecking: (checked) => setProgress({ phase: 'checking', validators: n, checked }),
      });
      if ('refused' in prepared) {
        // A parse failure of the deposit data unticks the confirmation.
        console.error('stake: deposit data refused', prepared.refused);
        setConfirmed(false);
        setProgress(null);
        return null;
      }
      return prepared.batch;
    } catch (e) {
      notifyFailure(e);
      setProgress(null);
      return null;
    }
  };

  /** Send ETH: prepare the validators, deposit them from the customer's wallet, sync, go to the dashboard. */
  const onSend = async () => {
    const n = count ?? 0;
    const to = withdrawal.trim();
    setReviewing(false);
    setProgress({ phase: 'keys', validators: n, startedAt: Date.now() });
    const batch = await prepare(n, to);
    if (!batch) return;

    setProgress({ phase: 'approval', validators: n });
    const { phase, sent } = await sendDeposits({
      send: d.send,
      write: d.write,
      batch,
      validators: n,
      amountEth,
      withdrawalAddress: to,
      chainId: chainId!,
      now: Date.now,
      onSent: (p) => watch.keepSent(p, n),
    });
    if (phase === 'confirmed' && sent) {
      const block = await receipts?.blockOf(sent.hash).catch(() => null);
      await watch.finish(sent, block ?? 0n);
      return;
    }
    // Cancelled in the wallet: the status bar said so, and the form is back. Failed on chain: say so.
    if (sent && phase === 'failed') watch.failedOnChain(sent);
    else setProgress(null);
  };

  /** The progress card's 'Back to the form' / 'Stop watching this deposit'. */
  const dismiss = () => {
    if (progress && 'hash' in progress) clearPendingDeposit(usrId, progress.hash);
    setProgress(null);
  };

  return { ...form, progress, onContinue, onSend, dismiss };
}
