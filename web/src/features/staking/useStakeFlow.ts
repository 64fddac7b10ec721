// The stake screen's state and orchestration (spec 001 sections 4 and 5), with what it talks to
// injected: the payd API, the wallet writer (the MultipleDeposit transaction), the status bar's
// send and the chain's receipts. The steps themselves are the plain functions of stakeFlow.ts
// (tested in stakeFlow.test.ts); this hook keeps the form, the review and the progress card in
// React state, resumes a deposit sent before a reload, and goes to the dashboard once it is done.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiClient } from '../../api/client.ts';
import { notify, notifyFailure } from '../../notifications/notify.ts';
import {
  clearPendingDeposit,
  readPendingDeposit,
  savePendingDeposit,
  type PendingDeposit,
} from './pendingDeposit.ts';
import type { Progress } from './StakeProgress.tsx';
import {
  depositConfirmedMessage,
  prepareDeposits,
  sendDeposits,
  syncAfterDeposit,
  walletToStakeWith,
  type DepositWriter,
  type Hash,
  type SendWithStatus,
} from './stakeFlow.ts';
import { depositResetsForm, type DepositBatch } from './stakeRules.ts';
import type { Row } from './stakingApi.ts';

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
  /** The genesis fork version the deposit data must carry. */
  forkVersion: string | undefined;
  /** The deposit is confirmed: balances changed. */
  onDeposited: () => void;
  /** Leave for the dashboard. */
  done: () => void;
}

export function useStakeFlow(d: StakeFlowDeps) {
  const { api, usrId, chainId, multipleDeposit, receipts } = d;
  const [count, setCount] = useState<number | null>(null);
  // The withdrawal address defaults to the connected wallet until the customer edits it.
  const [editedWithdrawal, setEditedWithdrawal] = useState<string | null>(null);
  const withdrawal = editedWithdrawal ?? d.address ?? '';
  const [confirmed, setConfirmed] = useState(false);
  const [reviewing, setReviewing] = useState(false);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [wallet, setWallet] = useState<Row | null>(null);
  const lastSyncAt = useRef<number | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  // The latest callbacks, for the effects below without re-running them.
  const latest = useRef(d);
  latest.current = d;

  /** Continue: the wallet of this withdrawal address; a wallet saved on another network aborts silently. */
  const onContinue = async () => {
    try {
      const found = await walletToStakeWith(api, withdrawal, chainId);
      if ('otherNetwork' in found) {
        console.warn('stake: the wallet was saved on network', found.otherNetwork, 'not', chainId);
        return;
      }
      setWallet(found.wallet);
      setReviewing(true);
    } catch (e) {
      notifyFailure(e);
    }
  };

  /**
   * The deposit is confirmed (or was, when resumed): refresh the balance, sync the validators,
   * forget the pending deposit, and go straight to the dashboard with a confirmation.
   */
  const finish = useCallback(
    async (p: PendingDeposit, block: bigint) => {
      setProgress({ phase: 'confirmed', validators: p.validators, hash: p.hash, block });
      latest.current.onDeposited();
      if (depositResetsForm(Date.now(), lastSyncAt.current)) {
        setCount(null);
        setConfirmed(false);
        setReviewing(false);
      }
      lastSyncAt.current = Date.now();
      await syncAfterDeposit(api, p, multipleDeposit);
      clearPendingDeposit(usrId, p.hash);
      notify({ msgType: 'S', title: 'Deposit confirmed', message: depositConfirmedMessage(p) });
      if (mounted.current) latest.current.done();
    },
    [api, multipleDeposit, usrId],
  );

  /** A deposit that failed on chain: say so and forget it. */
  const failedOnChain = useCallback(
    (p: PendingDeposit) => {
      clearPendingDeposit(usrId, p.hash);
      setProgress({
        phase: 'failed',
        validators: p.validators,
        hash: p.hash,
        message: 'The deposit transaction failed on chain.',
      });
    },
    [usrId],
  );

  // Coming back to a deposit that was sent and not yet seen confirmed: watch it again.
  const resumed = useRef<string | null>(null);
  useEffect(() => {
    if (!usrId || !receipts || chainId === undefined) return;
    const p = readPendingDeposit(usrId, chainId);
    if (!p || resumed.current === p.hash) return;
    resumed.current = p.hash;
    setProgress({ phase: 'sent', validators: p.validators, hash: p.hash, resumed: true });
    void (async () => {
      try {
        const receipt = await receipts.wait(p.hash);
        if (receipt.status === 'success') await finish(p, receipt.blockNumber);
        else failedOnChain(p);
      } catch (e) {
        console.error('stake: watching the deposit failed', e);
      }
    })();
  }, [usrId, receipts, chainId, finish, failedOnChain]);

  /** Send ETH: create the validators, deposit them from the customer's wallet, sync, go to the dashboard. */
  const onSend = async () => {
    const n = count ?? 0;
    const to = withdrawal.trim();
    setReviewing(false);
    setProgress({ phase: 'keys', validators: n, startedAt: Date.now() });
    let batch: DepositBatch;
    try {
      const prepared = await prepareDeposits(api, {
        wallet,
        validators: n,
        withdrawalAddress: to,
        chainId,
        forkVersion: d.forkVersion,
        onChecking: (checked) => setProgress({ phase: 'checking', validators: n, checked }),
      });
      if ('refused' in prepared) {
        // A parse failure of the deposit data unticks the confirmation.
        console.error('stake: deposit data refused', prepared.refused);
        setConfirmed(false);
        setProgress(null);
        return;
      }
      batch = prepared.batch;
    } catch (e) {
      notifyFailure(e);
      setProgress(null);
      return;
    }

    setProgress({ phase: 'approval', validators: n });
    const { phase, sent } = await sendDeposits({
      send: d.send,
      write: d.write,
      batch,
      validators: n,
      withdrawalAddress: to,
      chainId: chainId!,
      now: Date.now,
      onSent: (p) => {
        // Sent: kept so that the person can leave or reload and come back to it.
        savePendingDeposit(usrId, p);
        resumed.current = p.hash;
        if (mounted.current) setProgress({ phase: 'sent', validators: n, hash: p.hash, resumed: false });
      },
    });
    if (phase === 'confirmed' && sent) {
      const block = await receipts?.blockOf(sent.hash).catch(() => null);
      await finish(sent, block ?? 0n);
      return;
    }
    // Cancelled in the wallet: the status bar said so, and the form is back. Failed on chain: say so.
    if (sent && phase === 'failed') failedOnChain(sent);
    else setProgress(null);
  };

  /** The progress card's 'Back to the form' / 'Stop watching this deposit'. */
  const dismiss = () => {
    if (progress && 'hash' in progress) clearPendingDeposit(usrId, progress.hash);
    setProgress(null);
  };

  const editWithdrawal = (value: string) => {
    setEditedWithdrawal(value);
    setConfirmed(false);
  };

  return {
    count,
    setCount,
    withdrawal,
    editWithdrawal,
    confirmed,
    setConfirmed,
    reviewing,
    setReviewing,
    progress,
    onContinue,
    onSend,
    dismiss,
  };
}
