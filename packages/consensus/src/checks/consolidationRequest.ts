// process_consolidation_request (electra beacon-chain.md, EIP-7251) as a question asked before the
// fee is paid: would the chain switch the validator to compounding credentials (source == target,
// is_valid_switch_to_compounding_request) or queue the consolidation of source into target? Each
// `return` of the spec's functions is a reason here, in the spec's order.
import { ignored, type RequestCheck } from './requestCheck.ts';
import {
  consolidationChurnLimit,
  exitInitiated,
  findValidator,
  getPendingBalanceToWithdraw,
  hasEth1WithdrawalCredential,
  isActive,
  withdrawalAddressOf,
  type RequestRules,
  type RequestState,
  type RequestValidator,
} from './requestState.ts';
import { checkRequestingValidator } from './withdrawalRequest.ts';

/** A ConsolidationRequest as the predeploy would pass it on, before it is sent. */
export interface ProposedConsolidationRequest {
  /** The address that sends the request (the connected wallet). */
  sourceAddress: string;
  sourcePubkey: string;
  targetPubkey: string;
}

/** is_valid_switch_to_compounding_request, with the reason when it is not. */
export function checkSwitchToCompoundingRequest(
  state: RequestState,
  request: ProposedConsolidationRequest,
): RequestCheck {
  const source = findValidator(state, request.sourcePubkey);
  if (!source) return ignored('unknownValidator');
  if (withdrawalAddressOf(source) !== request.sourceAddress.toLowerCase() && hasExecution(source))
    return ignored('notWithdrawalAddress');
  if (!hasEth1WithdrawalCredential(source))
    return ignored(hasExecution(source) ? 'alreadyCompounding' : 'noExecutionCredentials');
  if (exitInitiated(source)) return ignored('exitInitiated');
  if (!isActive(source, state.currentEpoch)) return ignored('notActiveYet');
  return { processed: true };
}

const hasExecution = (v: RequestValidator) => /^(0x)?0[12]/i.test(v.withdrawalCredentials);

/** Whether process_consolidation_request would act on `request`, or why it would ignore it. */
export function checkConsolidationRequest(
  state: RequestState,
  rules: RequestRules,
  request: ProposedConsolidationRequest,
): RequestCheck {
  if (request.sourcePubkey.toLowerCase() === request.targetPubkey.toLowerCase())
    return checkSwitchToCompoundingRequest(state, request);
  if (BigInt(state.pendingConsolidationCount) >= rules.PENDING_CONSOLIDATIONS_LIMIT)
    return ignored('consolidationQueueFull');
  if (consolidationChurnLimit(state.totalActiveBalance, rules) <= rules.MIN_ACTIVATION_BALANCE)
    return ignored('consolidationChurnTooLow');
  const source = findValidator(state, request.sourcePubkey);
  if (!source) return ignored('unknownValidator');
  const target = findValidator(state, request.targetPubkey);
  if (!target) return ignored('unknownTarget');
  return checkPair(state, rules, source, target, request.sourceAddress);
}

function checkPair(
  state: RequestState,
  rules: RequestRules,
  source: RequestValidator,
  target: RequestValidator,
  sourceAddress: string,
): RequestCheck {
  // The spec checks the target's credentials before the source's activity; a customer reads the
  // source's problems first, and either way the request is ignored.
  const refused = checkRequestingValidator(state, rules, source, sourceAddress);
  if (refused) return refused;
  if (!/^(0x)?02/i.test(target.withdrawalCredentials)) return ignored('targetNotCompounding');
  if (exitInitiated(target)) return ignored('targetExitInitiated');
  if (!isActive(target, state.currentEpoch)) return ignored('targetNotActiveYet');
  if (getPendingBalanceToWithdraw(state, source.index) > 0n) return ignored('partialWithdrawalPending');
  // Not a condition of the spec: the target's withdrawal address would receive the source's stake.
  if (withdrawalAddressOf(target) !== withdrawalAddressOf(source))
    return ignored('differentWithdrawalAddresses');
  return { processed: true };
}
