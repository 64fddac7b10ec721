// Spec 001's validator status codes (ValidatorStatusCd5) from the Beacon API's validator statuses.
// The reasoning behind each code is in README.md beside this file.
import type { BeaconValidatorStatus } from './beaconClient.ts';

/** The codes a validator known to the beacon chain gets (the dashboard shows 1, 2, 3, 4, 6, 7). */
export type BeaconStatusCode = '1' | '2' | '3' | '4' | '6' | '7';

export const STATUS_CODE_OF_BEACON_STATUS: Readonly<Record<BeaconValidatorStatus, BeaconStatusCode>> = {
  // 1: deposit seen, not yet eligible: no activation epoch, so the uptime column shows a dash.
  pending_initialized: '1',
  // 2: in the activation queue with an activation epoch: 'Active in ~N days, M hours'.
  pending_queued: '2',
  // 3: active, the only code that may be withdrawn (once active for more than 2 days).
  active_ongoing: '3',
  // 4: an exit is under way (voluntary, or forced by slashing): still staked, exit blocked.
  active_exiting: '4',
  active_slashed: '4',
  // 7: exited, the 32 ETH still on the beacon chain until the sweep pays it: still counted as staked.
  exited_unslashed: '7',
  exited_slashed: '7',
  withdrawal_possible: '7',
  // 6: withdrawn: grey badge, no uptime, no longer counted as staked.
  withdrawal_done: '6',
};

/** ValidatorStatusCd5 for a beacon status. */
export function statusCodeOf(status: BeaconValidatorStatus): BeaconStatusCode {
  return STATUS_CODE_OF_BEACON_STATUS[status];
}
