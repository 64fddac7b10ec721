// What the date rules read: the parts of an Electra BeaconState the standard Beacon API serves
// (validators with balances, pending_deposits, pending_partial_withdrawals, pending_consolidations,
// the head slot and finalized checkpoint), plus the state fields it does not serve, which are
// optional here and reconstructed when absent (exitChurn.ts, withdrawalSweep.ts say how).
import type { ElectraState } from '../state.ts';
import type { DatesConfig } from './config.ts';

export { FAR_FUTURE_EPOCH, GENESIS_SLOT } from '../state.ts';

/** A validator of /eth/v1/beacon/states/{id}/validators; its index is its place in the list. */
export interface QueueValidator {
  /** 0x-prefixed lower-case 48-byte public key. */
  pubkey: string;
  /** 0x-prefixed 32 bytes. */
  withdrawalCredentials: string;
  balance: bigint;
  effectiveBalance: bigint;
  slashed: boolean;
  /** FAR_FUTURE_EPOCH while not set. */
  activationEligibilityEpoch: bigint;
  activationEpoch: bigint;
  exitEpoch: bigint;
  withdrawableEpoch: bigint;
}

/** An entry of /eth/v1/beacon/states/{id}/pending_deposits. */
export interface QueuedDeposit {
  pubkey: string;
  withdrawalCredentials: string;
  amount: bigint;
  /** The slot of the block that carried the request; GENESIS_SLOT for bridge deposits and excess balance. */
  slot: bigint;
}

/** An entry of .../pending_partial_withdrawals. */
export interface QueuedPartialWithdrawal {
  validatorIndex: number;
  amount: bigint;
  withdrawableEpoch: bigint;
}

/** An entry of .../pending_consolidations. */
export interface QueuedConsolidation {
  sourceIndex: number;
  targetIndex: number;
}

export interface QueueSnapshot {
  config: DatesConfig;
  headSlot: bigint;
  /** finalized_checkpoint.epoch at the head (/eth/v1/beacon/states/head/finality_checkpoints). */
  finalizedEpoch: bigint;
  validators: readonly QueueValidator[];
  pendingDeposits: readonly QueuedDeposit[];
  pendingPartialWithdrawals: readonly QueuedPartialWithdrawal[];
  pendingConsolidations: readonly QueuedConsolidation[];
  /** state.deposit_balance_to_consume; not served by the standard API: 0 when absent (a date no earlier). */
  depositBalanceToConsume?: bigint;
  /** state.earliest_exit_epoch and exit_balance_to_consume; reconstructed when absent. */
  earliestExitEpoch?: bigint;
  exitBalanceToConsume?: bigint;
  /** state.earliest_consolidation_epoch and consolidation_balance_to_consume; reconstructed when absent. */
  earliestConsolidationEpoch?: bigint;
  consolidationBalanceToConsume?: bigint;
  /** state.next_withdrawal_validator_index; when absent the sweep's dates are its latest (a whole cycle). */
  nextWithdrawalValidatorIndex?: number;
  /**
   * A node whose sweep is not the spec's but visits each validator once every so many slots (the
   * dev beacon node's daily sweep, PAYD_WITHDRAWAL_SWEEP_EPOCHS): the sweep dates are then the
   * latest, one such cycle after a validator becomes withdrawable.
   */
  sweepCycleSlots?: bigint;
}

/** The snapshot as the package's ElectraState, for the shared rules (churn.ts, state.ts). */
export function electraStateOf(s: QueueSnapshot): ElectraState {
  return {
    slot: s.headSlot,
    validators: s.validators as QueueValidator[],
    balances: s.validators.map((v) => v.balance),
    pendingDeposits: [],
    depositBalanceToConsume: s.depositBalanceToConsume ?? 0n,
    finalizedEpoch: s.finalizedEpoch,
    eth1DepositIndex: 0n,
    depositRequestsStartIndex: 0n,
    config: s.config,
  };
}

/** get_current_epoch at the head. */
export const getCurrentEpoch = (s: QueueSnapshot): bigint => s.headSlot / s.config.SLOTS_PER_EPOCH;

/**
 * The finalized epoch while process_epoch runs at the end of `epoch`, on a chain that keeps the lag
 * between head and finality it has now, at least the 2 epochs of a healthy chain (where the end of
 * epoch F finalizes F - 1; near genesis the served checkpoint is clamped at 0 and says less).
 */
export function finalizedEpochAt(s: QueueSnapshot, epoch: bigint): bigint {
  const lag = getCurrentEpoch(s) - s.finalizedEpoch;
  const f = epoch + 1n - (lag > 2n ? lag : 2n);
  return f < 0n ? 0n : f;
}
