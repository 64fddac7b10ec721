// Test states of the Electra epoch functions: active validators and a state at epoch 10 (finalized
// 8), shared by the churn tests here and the dev beacon's processing tests (devnet).
import { FAR_FUTURE_EPOCH, type ElectraState, type Validator } from '../state.ts';

const GWEI_PER_ETH = 1_000_000_000n;
/** Credentials of no particular address, 0x01 and 0x02. */
export const PLAIN_WC01 = `0x01${'00'.repeat(31)}`;
export const PLAIN_WC02 = `0x02${'00'.repeat(31)}`;

/** Validator `i`, active since genesis with `effective` gwei, not exiting. */
export const activeElectraValidator = (i: number, effective: bigint, wc = PLAIN_WC01): Validator => ({
  pubkey: `0x${i.toString(16).padStart(96, '0')}`,
  withdrawalCredentials: wc,
  effectiveBalance: effective,
  activationEligibilityEpoch: 0n,
  activationEpoch: 0n,
  exitEpoch: FAR_FUTURE_EPOCH,
  withdrawableEpoch: FAR_FUTURE_EPOCH,
});

/** A state at epoch 10 (finalized 8) with `count` active validators of `each` gwei. */
export function electraStateAt(count: number, each = 32n * GWEI_PER_ETH, wc = PLAIN_WC01): ElectraState {
  const validators = Array.from({ length: count }, (_, i) => activeElectraValidator(i, each, wc));
  return {
    slot: 10n * 32n,
    validators,
    balances: validators.map((v) => v.effectiveBalance),
    pendingDeposits: [],
    depositBalanceToConsume: 0n,
    finalizedEpoch: 8n,
    eth1DepositIndex: 0n,
    depositRequestsStartIndex: 0n,
  };
}
