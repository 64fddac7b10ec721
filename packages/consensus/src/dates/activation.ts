// A validator's activation as process_registry_updates gives it: at the end of the first epoch in
// which its effective balance is MIN_ACTIVATION_BALANCE it becomes eligible for the next epoch
// (is_eligible_for_activation_queue); at the end of the first epoch whose finalized checkpoint
// reaches that eligibility (is_eligible_for_activation) it is activated at
// compute_activation_exit_epoch of that epoch. Electra has no count churn here: the activation churn
// in ETH was spent when its deposit was applied (pendingDeposits.ts).
import { computeActivationExitEpoch } from '../state.ts';
import {
  FAR_FUTURE_EPOCH,
  finalizedEpochAt,
  getCurrentEpoch,
  type QueueSnapshot,
  type QueueValidator,
} from './snapshot.ts';

export interface ActivationDates {
  activationEligibilityEpoch: bigint;
  activationEpoch: bigint;
  /** Whether the chain has set the activation epoch already. */
  scheduled: boolean;
}

/**
 * The activation of `validator` (null: not in the registry yet), given `readyEpoch`, the epoch at
 * whose end its effective balance reaches MIN_ACTIVATION_BALANCE (processPendingDeposits); null when
 * no pending deposit brings it there.
 */
export function processRegistryUpdates(
  s: QueueSnapshot,
  validator: QueueValidator | null,
  readyEpoch: bigint | undefined,
): ActivationDates | null {
  if (validator && validator.activationEpoch !== FAR_FUTURE_EPOCH)
    return {
      activationEligibilityEpoch: validator.activationEligibilityEpoch,
      activationEpoch: validator.activationEpoch,
      scheduled: true,
    };
  const current = getCurrentEpoch(s);
  let eligibility = validator?.activationEligibilityEpoch ?? FAR_FUTURE_EPOCH;
  if (eligibility === FAR_FUTURE_EPOCH) {
    if (readyEpoch === undefined) return null;
    // The registry update runs before the deposits in process_epoch: the epoch after the one that
    // credited the balance sets eligibility to the epoch after it.
    const updatedAt = readyEpoch + 1n > current ? readyEpoch + 1n : current;
    eligibility = updatedAt + 1n;
  }
  let epoch = eligibility > current ? eligibility : current;
  while (finalizedEpochAt(s, epoch) < eligibility) epoch++;
  return {
    activationEligibilityEpoch: eligibility,
    activationEpoch: computeActivationExitEpoch(epoch, s.config),
    scheduled: false,
  };
}
