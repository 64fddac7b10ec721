// Watching a sent deposit to its end: confirmed (refresh, sync the validators, forget it, go to the
// dashboard) or failed on chain; a deposit sent before a reload is watched again on return.
import { useCallback, useEffect, useRef, type Dispatch, type SetStateAction } from 'react';
import { notify } from '../../notifications/notify.ts';
import {
  clearPendingDeposit,
  readPendingDeposit,
  savePendingDeposit,
  type PendingDeposit,
} from './pendingDeposit.ts';
import type { Progress } from './StakeProgress.tsx';
import { i18n } from '../../i18n/language.ts';
import { depositConfirmedMessage, syncAfterDeposit } from './stakeFlow.ts';
import { depositResetsForm } from './stakeRules.ts';
import type { StakeFlowDeps } from './useStakeFlow.ts';

export function useDepositWatch({
  deps,
  setProgress,
  resetForm,
}: {
  deps: StakeFlowDeps;
  setProgress: Dispatch<SetStateAction<Progress | null>>;
  /** Clears the stake form (a deposit confirmed long after the last one). */
  resetForm: () => void;
}) {
  const { api, usrId, chainId, multipleDeposit, receipts } = deps;
  const lastSyncAt = useRef<number | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  // The latest callbacks, for the effects below without re-running them.
  const latest = useRef(deps);
  latest.current = deps;

  /**
   * The deposit is confirmed (or was, when resumed): refresh the balance, sync the validators,
   * forget the pending deposit, and go straight to the dashboard with a confirmation.
   */
  const finish = useCallback(
    async (p: PendingDeposit, block: bigint) => {
      setProgress({ phase: 'confirmed', validators: p.validators, hash: p.hash, block });
      latest.current.onDeposited();
      if (depositResetsForm(Date.now(), lastSyncAt.current)) resetForm();
      lastSyncAt.current = Date.now();
      await syncAfterDeposit(api, p, multipleDeposit);
      clearPendingDeposit(usrId, p.hash);
      notify({ msgType: 'S', title: i18n._('stake.confirmed.title'), message: depositConfirmedMessage(p) });
      if (mounted.current) latest.current.done();
    },
    [api, multipleDeposit, usrId, setProgress, resetForm],
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
    [usrId, setProgress],
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
  }, [usrId, receipts, chainId, finish, failedOnChain, setProgress]);

  /** Sent: kept so that the person can leave or reload and come back to it. */
  const keepSent = (p: PendingDeposit, validators: number) => {
    savePendingDeposit(usrId, p);
    resumed.current = p.hash;
    if (mounted.current) setProgress({ phase: 'sent', validators, hash: p.hash, resumed: false });
  };

  return { finish, failedOnChain, keepSent };
}
