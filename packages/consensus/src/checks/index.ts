// The request checks' public face: the spec helpers they use inside (get_pending_balance_to_withdraw,
// has_execution_withdrawal_credential...) stay in this folder so they never clash with the state's.
export {
  MAINNET_REQUEST_RULES,
  requestRulesFromSpec,
  type QueuedConsolidation,
  type QueuedPartialWithdrawal,
  type RequestRules,
  type RequestState,
  type RequestValidator,
} from './requestState.ts';
export {
  PAYD_REFUSALS,
  REQUEST_IGNORED_REASONS,
  type RequestCheck,
  type RequestIgnoredReason,
} from './requestCheck.ts';
export {
  checkWithdrawalRequest,
  withdrawableAmount,
  type ProposedWithdrawalRequest,
} from './withdrawalRequest.ts';
export {
  checkConsolidationRequest,
  checkSwitchToCompoundingRequest,
  type ProposedConsolidationRequest,
} from './consolidationRequest.ts';
export {
  consolidationRequestKind,
  requestOutcome,
  withdrawalRequestKind,
  type FinalizedRequestView,
  type LoggedRequest,
  type LoggedRequestKind,
  type RequestOutcome,
} from './requestOutcome.ts';
