// States for the Electra unit tests: mainnet's config at epoch 300 (past SHARD_COMMITTEE_PERIOD),
// validators active from epoch 0, and a "whale" whose 34,000,000 ETH give mainnet's churn
// (518 ETH balance churn: 256 for activations and exits, 262 for consolidations).
import { FAR_FUTURE_EPOCH, type ElectraState, type Validator } from '@payd/consensus';

export const ETH = 1_000_000_000n;
export const EPOCH = 300n;
export const ADDRESS = `0x${'ab'.repeat(20)}`;
export const OTHER_ADDRESS = `0x${'cd'.repeat(20)}`;
export const credentials = (prefix: '00' | '01' | '02', address = ADDRESS): string =>
  `0x${prefix}${'00'.repeat(11)}${address.slice(2)}`;
export const pubkeyOf = (i: number): string => `0x${(i + 1).toString(16).padStart(96, '0')}`;

export function validator(i: number, effective = 32n * ETH, prefix: '00' | '01' | '02' = '01'): Validator {
  return {
    pubkey: pubkeyOf(i),
    withdrawalCredentials: credentials(prefix),
    effectiveBalance: effective,
    slashed: false,
    activationEligibilityEpoch: 0n,
    activationEpoch: 0n,
    exitEpoch: FAR_FUTURE_EPOCH,
    withdrawableEpoch: FAR_FUTURE_EPOCH,
  };
}

/** Validator 0 is the whale (unless `whale` is false); 1.. are 32 ETH 0x01 validators. */
export function electraState(count = 8, whale = true): ElectraState {
  const validators = Array.from({ length: count }, (_, i) => validator(i));
  if (whale) validators[0]!.effectiveBalance = 34_000_000n * ETH;
  return {
    slot: EPOCH * 32n,
    validators,
    balances: validators.map((v) => v.effectiveBalance),
    pendingDeposits: [],
    depositBalanceToConsume: 0n,
    finalizedEpoch: EPOCH - 2n,
    eth1DepositIndex: 0n,
    depositRequestsStartIndex: 0n,
    pendingPartialWithdrawals: [],
    pendingConsolidations: [],
    exitBalanceToConsume: 0n,
    earliestExitEpoch: 0n,
    consolidationBalanceToConsume: 0n,
    earliestConsolidationEpoch: 0n,
  };
}

/** Makes validator i compounding (0x02) with `balance` gwei and its effective balance from it. */
export function compounding(state: ElectraState, i: number, balance: bigint, effective = 32n * ETH): void {
  state.validators[i]!.withdrawalCredentials = credentials('02');
  state.validators[i]!.effectiveBalance = effective;
  state.balances[i] = balance;
}

/** A deep copy, to show that an ignored request changed nothing. */
export const snapshot = (state: ElectraState): string =>
  JSON.stringify(state, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
