// Did the beacon chain apply an execution-layer request the predeploy logged? process_withdrawal_request
// and process_consolidation_request (electra beacon-chain.md) drop an invalid request without a trace,
// so the answer is read from the request's effect in a finalized state: once the slot of the request's
// block is finalized, the request is confirmed when its effect shows there and ignored otherwise.
import { FAR_FUTURE_EPOCH } from '../state.ts';
import {
  type QueuedConsolidation,
  type QueuedPartialWithdrawal,
  type RequestValidator,
} from './requestState.ts';

/** What a logged request asks: the kind follows from the log (amount 0; source == target). */
export type LoggedRequestKind = 'exit' | 'partialWithdrawal' | 'switchToCompounding' | 'consolidation';

/** A request as its predeploy logged it, with the slot of its block. */
export interface LoggedRequest {
  kind: LoggedRequestKind;
  /** The validator the request is about (the consolidation's source). */
  sourcePubkey: string;
  /** Consolidations only. */
  targetPubkey?: string;
  /** The slot of the block that logged it. */
  slot: bigint;
}

/** A finalized state, as much of it as the rule reads. */
export interface FinalizedRequestView {
  /** The state's slot (the finalized checkpoint's). */
  slot: bigint;
  slotsPerEpoch: bigint;
  /** MIN_VALIDATOR_WITHDRAWABILITY_DELAY of the node's configuration. */
  minValidatorWithdrawabilityDelay: bigint;
  /** At least the validators the requests name. */
  validators: readonly RequestValidator[];
  pendingPartialWithdrawals: readonly QueuedPartialWithdrawal[];
  pendingConsolidations: readonly QueuedConsolidation[];
}

/**
 * `pending`: the request's slot is not finalized yet. `unknown`: a partial withdrawal no longer listed
 * after its earliest withdrawable epoch may have been paid already: nothing is said of it.
 */
export type RequestOutcome = 'pending' | 'confirmed' | 'ignored' | 'unknown';

/** The kind of an EIP-7002 request (amount 0: full exit). */
export const withdrawalRequestKind = (amountGwei: bigint): LoggedRequestKind =>
  amountGwei === 0n ? 'exit' : 'partialWithdrawal';

/** The kind of an EIP-7251 request (source == target: switch to compounding credentials). */
export const consolidationRequestKind = (sourcePubkey: string, targetPubkey: string): LoggedRequestKind =>
  sourcePubkey.toLowerCase() === targetPubkey.toLowerCase() ? 'switchToCompounding' : 'consolidation';

const exiting = (v: RequestValidator) => v.exitEpoch !== FAR_FUTURE_EPOCH;

/** The outcome of `request` as `view`, a finalized state, shows it. */
export function requestOutcome(request: LoggedRequest, view: FinalizedRequestView): RequestOutcome {
  if (view.slot < request.slot) return 'pending';
  const byPubkey = (pubkey: string) =>
    view.validators.find((v) => v.pubkey.toLowerCase() === pubkey.toLowerCase()) ?? null;
  const source = byPubkey(request.sourcePubkey);
  if (!source) return 'ignored';
  switch (request.kind) {
    case 'exit':
      // initiate_validator_exit sets the exit epoch, which never goes back.
      return exiting(source) ? 'confirmed' : 'ignored';
    case 'switchToCompounding':
      // switch_to_compounding_validator rewrites the prefix to 0x02, for good.
      return source.withdrawalCredentials.toLowerCase().startsWith('0x02') ? 'confirmed' : 'ignored';
    case 'consolidation': {
      const target = request.targetPubkey ? byPubkey(request.targetPubkey) : null;
      const listed =
        target !== null &&
        view.pendingConsolidations.some(
          (c) => c.sourceIndex === source.index && c.targetIndex === target.index,
        );
      // The source's exit epoch is set with the pending consolidation and stays once it is processed.
      return listed || exiting(source) ? 'confirmed' : 'ignored';
    }
    case 'partialWithdrawal': {
      // A partial withdrawal queued by this request is withdrawable no earlier than
      // MIN_VALIDATOR_WITHDRAWABILITY_DELAY epochs after the request's epoch (an older one earlier).
      const earliest = request.slot / view.slotsPerEpoch + view.minValidatorWithdrawabilityDelay;
      const listed = view.pendingPartialWithdrawals.some(
        (w) => w.validatorIndex === source.index && w.withdrawableEpoch >= earliest,
      );
      if (listed) return 'confirmed';
      return view.slot / view.slotsPerEpoch >= earliest ? 'unknown' : 'ignored';
    }
  }
}
