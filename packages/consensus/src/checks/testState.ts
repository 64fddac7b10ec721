// A small beacon state for the request checks' tests: values chosen by hand, in gwei and epochs.
import { FAR_FUTURE_EPOCH } from '../state.ts';
import { MAINNET_REQUEST_RULES, type RequestState, type RequestValidator } from './requestState.ts';

export const ETH = 1_000_000_000n;
export const OWNER = `0x${'aa'.repeat(20)}`;
export const STRANGER = `0x${'bb'.repeat(20)}`;
export const RULES = MAINNET_REQUEST_RULES;
/** The head's epoch in these tests. */
export const NOW = 1000n;

export const credentials = (prefix: '00' | '01' | '02', address = OWNER) =>
  prefix === '00' ? `0x00${'11'.repeat(31)}` : `0x${prefix}${'00'.repeat(11)}${address.slice(2)}`;

/** Validator `index`: active since epoch 100 (long enough), 32 ETH, 0x01 paying OWNER, unless told. */
export function validator(index: number, over: Partial<RequestValidator> = {}): RequestValidator {
  return {
    index: BigInt(index),
    pubkey: `0x${(index + 1).toString(16).padStart(96, '0')}`,
    withdrawalCredentials: credentials('01'),
    effectiveBalance: 32n * ETH,
    balance: 32n * ETH,
    activationEpoch: 100n,
    exitEpoch: FAR_FUTURE_EPOCH,
    ...over,
  };
}

/** A state at NOW holding `validators`, no queues, and mainnet's 34,000,000 ETH active. */
export function stateOf(validators: RequestValidator[], over: Partial<RequestState> = {}): RequestState {
  return {
    currentEpoch: NOW,
    validators,
    pendingPartialWithdrawals: [],
    pendingConsolidationCount: 0,
    totalActiveBalance: 34_000_000n * ETH,
    ...over,
  };
}
