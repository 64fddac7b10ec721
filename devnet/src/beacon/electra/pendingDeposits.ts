// process_pending_deposits of Electra (EIP-6110 and EIP-7251): the queue of deposits is applied after
// finalisation, at most MAX_PENDING_DEPOSITS_PER_EPOCH an epoch, within the activation churn counted
// in gwei; what the churn leaves when it is reached carries over (deposit_balance_to_consume).
// Deposits to an exiting validator wait until it is withdrawable; to a withdrawn one they are applied
// without churn.
import {
  computeStartSlotAtEpoch,
  configOf,
  FAR_FUTURE_EPOCH,
  GENESIS_SLOT,
  getActivationExitChurnLimit,
  getCurrentEpoch,
  getMaxEffectiveBalance,
  type ElectraState,
  type PendingDeposit,
} from '@payd/consensus';

/** is_valid_deposit_signature, supplied by the caller (the BLS check lives in @payd/validator-keys). */
export type DepositSignatureCheck = (deposit: PendingDeposit) => boolean;

/** add_validator_to_registry with get_validator_from_deposit. */
function addValidatorToRegistry(state: ElectraState, d: PendingDeposit): void {
  const config = configOf(state);
  const rounded = d.amount - (d.amount % config.EFFECTIVE_BALANCE_INCREMENT);
  const max = getMaxEffectiveBalance(d, config);
  state.validators.push({
    pubkey: d.pubkey,
    withdrawalCredentials: d.withdrawalCredentials,
    effectiveBalance: rounded < max ? rounded : max,
    activationEligibilityEpoch: FAR_FUTURE_EPOCH,
    activationEpoch: FAR_FUTURE_EPOCH,
    exitEpoch: FAR_FUTURE_EPOCH,
    withdrawableEpoch: FAR_FUTURE_EPOCH,
  });
  state.balances.push(d.amount);
}

/** apply_pending_deposit: a new validator (when its signature verifies) or a top-up. */
export function applyPendingDeposit(
  state: ElectraState,
  d: PendingDeposit,
  isValid: DepositSignatureCheck,
): void {
  const index = state.validators.findIndex((v) => v.pubkey === d.pubkey);
  if (index < 0) {
    if (isValid(d)) addValidatorToRegistry(state, d);
  } else {
    state.balances[index] = state.balances[index]! + d.amount;
  }
}

export function processPendingDeposits(state: ElectraState, isValid: DepositSignatureCheck): void {
  const nextEpoch = getCurrentEpoch(state) + 1n;
  const availableForProcessing = state.depositBalanceToConsume + getActivationExitChurnLimit(state);
  let processedAmount = 0n;
  let nextDepositIndex = 0;
  const depositsToPostpone: PendingDeposit[] = [];
  let isChurnLimitReached = false;
  const config = configOf(state);
  const finalizedSlot = computeStartSlotAtEpoch(state.finalizedEpoch, config);

  for (const deposit of state.pendingDeposits) {
    // Requests wait until the deposits of the Eth1 bridge are applied.
    if (deposit.slot > GENESIS_SLOT && state.eth1DepositIndex < state.depositRequestsStartIndex) break;
    if (deposit.slot > finalizedSlot) break;
    if (BigInt(nextDepositIndex) >= config.MAX_PENDING_DEPOSITS_PER_EPOCH) break;
    const validator = state.validators.find((v) => v.pubkey === deposit.pubkey);
    const isValidatorExited = validator !== undefined && validator.exitEpoch < FAR_FUTURE_EPOCH;
    const isValidatorWithdrawn = validator !== undefined && validator.withdrawableEpoch < nextEpoch;
    if (isValidatorWithdrawn) {
      // will never become active: credited without churn
      applyPendingDeposit(state, deposit, isValid);
    } else if (isValidatorExited) {
      depositsToPostpone.push(deposit);
    } else {
      isChurnLimitReached = processedAmount + deposit.amount > availableForProcessing;
      if (isChurnLimitReached) break;
      processedAmount += deposit.amount;
      applyPendingDeposit(state, deposit, isValid);
    }
    nextDepositIndex++;
  }
  state.pendingDeposits = [...state.pendingDeposits.slice(nextDepositIndex), ...depositsToPostpone];
  state.depositBalanceToConsume = isChurnLimitReached ? availableForProcessing - processedAmount : 0n;
}
