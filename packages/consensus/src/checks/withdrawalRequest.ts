// process_withdrawal_request (electra beacon-chain.md, EIP-7002) as a question asked before the fee
// is paid: would the chain exit the validator (amount 0) or queue the partial withdrawal? Each
// `return` of the spec's function is a reason here, in the spec's order.
import { ignored, type RequestCheck } from './requestCheck.ts';
import {
  exitInitiated,
  findValidator,
  getPendingBalanceToWithdraw,
  hasExecutionWithdrawalCredential,
  isActive,
  withdrawalAddressOf,
  type RequestRules,
  type RequestState,
  type RequestValidator,
} from './requestState.ts';

/** FULL_EXIT_REQUEST_AMOUNT */
export const FULL_EXIT_REQUEST_AMOUNT = 0n;

/** A WithdrawalRequest as the predeploy would pass it on, before it is sent. */
export interface ProposedWithdrawalRequest {
  /** The address that sends the request (the connected wallet). */
  sourceAddress: string;
  validatorPubkey: string;
  /** Gwei; FULL_EXIT_REQUEST_AMOUNT (0) asks for a full exit. */
  amount: bigint;
}

/** The checks the spec makes of any withdrawal request's validator, up to SHARD_COMMITTEE_PERIOD. */
export function checkRequestingValidator(
  state: RequestState,
  rules: RequestRules,
  validator: RequestValidator,
  sourceAddress: string,
): RequestCheck | null {
  if (!hasExecutionWithdrawalCredential(validator)) return ignored('noExecutionCredentials');
  if (withdrawalAddressOf(validator) !== sourceAddress.toLowerCase()) return ignored('notWithdrawalAddress');
  if (exitInitiated(validator)) return ignored('exitInitiated');
  if (!isActive(validator, state.currentEpoch)) return ignored('notActiveYet');
  const allowedFromEpoch = validator.activationEpoch + rules.SHARD_COMMITTEE_PERIOD;
  if (state.currentEpoch < allowedFromEpoch) return ignored('activeTooShort', { allowedFromEpoch });
  return null;
}

/** Whether process_withdrawal_request would act on `request`, or why it would ignore it. */
export function checkWithdrawalRequest(
  state: RequestState,
  rules: RequestRules,
  request: ProposedWithdrawalRequest,
): RequestCheck {
  const isFullExit = request.amount === FULL_EXIT_REQUEST_AMOUNT;
  if (
    !isFullExit &&
    BigInt(state.pendingPartialWithdrawals.length) >= rules.PENDING_PARTIAL_WITHDRAWALS_LIMIT
  )
    return ignored('partialQueueFull');
  const validator = findValidator(state, request.validatorPubkey);
  if (!validator) return ignored('unknownValidator');
  const refused = checkRequestingValidator(state, rules, validator, request.sourceAddress);
  if (refused) return refused;
  const pending = getPendingBalanceToWithdraw(state, validator.index);
  if (isFullExit) return pending === 0n ? { processed: true } : ignored('partialWithdrawalPending');
  return checkPartialWithdrawal(rules, validator, pending, request.amount);
}

/** The partial withdrawal's own conditions, and payd's: no less withdrawn than asked. */
function checkPartialWithdrawal(
  rules: RequestRules,
  validator: RequestValidator,
  pending: bigint,
  amount: bigint,
): RequestCheck {
  if (!validator.withdrawalCredentials.replace(/^0x/i, '').startsWith('02')) return ignored('notCompounding');
  if (validator.effectiveBalance < rules.MIN_ACTIVATION_BALANCE) return ignored('effectiveBalanceTooLow');
  const withdrawable = validator.balance - rules.MIN_ACTIVATION_BALANCE - pending;
  if (withdrawable <= 0n) return ignored('nothingToWithdraw');
  // The spec withdraws min(withdrawable, amount): payd asks the customer for an amount that fits.
  if (amount > withdrawable) return ignored('amountAboveWithdrawable', { withdrawable });
  return { processed: true, toWithdraw: amount };
}

/** What a partial withdrawal may take now: balance above MIN_ACTIVATION_BALANCE less what is pending. */
export function withdrawableAmount(
  state: RequestState,
  rules: RequestRules,
  validator: RequestValidator,
): bigint {
  const rest =
    validator.balance - rules.MIN_ACTIVATION_BALANCE - getPendingBalanceToWithdraw(state, validator.index);
  return rest > 0n ? rest : 0n;
}
