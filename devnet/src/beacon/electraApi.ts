// The Electra state routes of the Beacon API (ethereum/beacon-APIs apis/beacon/states/pending_*.yaml):
// the queues of a state in the spec's JSON shapes, numbers as decimal strings and with the
// `version` of the state beside `execution_optimistic` and `finalized`.
import type { BeaconState } from './beaconState.ts';

/** The consensus version every dev state has (Electra from genesis). */
export const CONSENSUS_VERSION = 'electra';

/** `data` of GET /eth/v1/beacon/states/{state_id}/{what} for the three queues; undefined for other routes. */
export function electraQueue(state: BeaconState, what: string): unknown[] | undefined {
  if (what === 'pending_deposits')
    return state.pendingDeposits().map((d) => ({
      pubkey: d.pubkey,
      withdrawal_credentials: d.withdrawalCredentials,
      amount: d.amount.toString(),
      signature: d.signature,
      slot: d.slot.toString(),
    }));
  if (what === 'pending_partial_withdrawals')
    return state.pendingPartialWithdrawals().map((w) => ({
      validator_index: w.validatorIndex.toString(),
      amount: w.amount.toString(),
      withdrawable_epoch: w.withdrawableEpoch.toString(),
    }));
  if (what === 'pending_consolidations')
    return state.pendingConsolidations().map((c) => ({
      source_index: c.sourceIndex.toString(),
      target_index: c.targetIndex.toString(),
    }));
  return undefined;
}
