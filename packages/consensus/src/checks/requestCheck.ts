// The answer of a request check: the beacon chain would process the request, or it would ignore it
// (and keep the fee) for a reason payd can name. `bySpec` tells the spec's own silent drops apart from
// the few cases payd refuses although the chain would act differently than the customer asked.

/** Why a request would not do what the customer asked (one message each in @payd/schemas). */
export const REQUEST_IGNORED_REASONS = [
  'unknownValidator',
  'noExecutionCredentials',
  'notWithdrawalAddress',
  'notActiveYet',
  'exitInitiated',
  'activeTooShort',
  'partialWithdrawalPending',
  'partialQueueFull',
  'notCompounding',
  'effectiveBalanceTooLow',
  'nothingToWithdraw',
  'amountAboveWithdrawable',
  'alreadyCompounding',
  'consolidationQueueFull',
  'consolidationChurnTooLow',
  'unknownTarget',
  'targetNotCompounding',
  'targetNotActiveYet',
  'targetExitInitiated',
  'differentWithdrawalAddresses',
] as const;
export type RequestIgnoredReason = (typeof REQUEST_IGNORED_REASONS)[number];

/** Reasons the spec itself does not drop a request for: payd refuses them before the fee. */
export const PAYD_REFUSALS: readonly RequestIgnoredReason[] = [
  // The chain would withdraw less than asked (min(excess, amount)).
  'amountAboveWithdrawable',
  // The chain would move the stake to a validator that pays another address.
  'differentWithdrawalAddresses',
];

export type RequestCheck =
  | {
      processed: true;
      /** Partial withdrawals: what the chain withdraws (the amount asked). */
      toWithdraw?: bigint;
    }
  | {
      processed: false;
      reason: RequestIgnoredReason;
      /** Whether process_*_request itself ignores it (false: payd refuses, see PAYD_REFUSALS). */
      bySpec: boolean;
      /** activeTooShort: the first epoch the request is processed. */
      allowedFromEpoch?: bigint;
      /** amountAboveWithdrawable: the most that can be withdrawn now. */
      withdrawable?: bigint;
    };

/** An ignored request's answer. */
export function ignored(
  reason: RequestIgnoredReason,
  detail: { allowedFromEpoch?: bigint; withdrawable?: bigint } = {},
): RequestCheck {
  return { processed: false, reason, bySpec: !PAYD_REFUSALS.includes(reason), ...detail };
}
