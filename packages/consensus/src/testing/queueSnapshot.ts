// Snapshots for the date rules' tests and benchmark: validators of mainnet's config at a head of
// our choosing, built in a line each.
import { MAINNET_DATES_CONFIG, type DatesConfig } from '../dates/config.ts';
import { FAR_FUTURE_EPOCH, type QueueSnapshot, type QueueValidator } from '../dates/snapshot.ts';

export const ETH = 1_000_000_000n;
export const WC01 = `0x01${'00'.repeat(11)}${'ab'.repeat(20)}`;
export const WC02 = `0x02${'00'.repeat(11)}${'ab'.repeat(20)}`;

export const pubkeyOf = (i: number): string => `0x${i.toString(16).padStart(96, '0')}`;

/** An active validator since epoch 0 with `balance` (effective: the same, in whole ETH, at most its max). */
export function activeValidator(i: number, balance = 32n * ETH, wc = WC01): QueueValidator {
  const max = wc.startsWith('0x02') ? 2048n * ETH : 32n * ETH;
  const whole = balance - (balance % ETH);
  return {
    pubkey: pubkeyOf(i),
    withdrawalCredentials: wc,
    balance,
    effectiveBalance: whole < max ? whole : max,
    slashed: false,
    activationEligibilityEpoch: 0n,
    activationEpoch: 0n,
    exitEpoch: FAR_FUTURE_EPOCH,
    withdrawableEpoch: FAR_FUTURE_EPOCH,
  };
}

/** A snapshot at `epoch` (its first slot), finalized two epochs back, with `count` active 32-ETH validators. */
export function queueSnapshot(
  count: number,
  epoch = 100n,
  config: Partial<DatesConfig> = {},
): QueueSnapshot & { validators: QueueValidator[] } {
  const full = { ...MAINNET_DATES_CONFIG, ...config };
  return {
    config: full,
    headSlot: epoch * full.SLOTS_PER_EPOCH,
    finalizedEpoch: epoch - 2n,
    validators: Array.from({ length: count }, (_, i) => activeValidator(i)),
    pendingDeposits: [],
    pendingPartialWithdrawals: [],
    pendingConsolidations: [],
  };
}

export { activeElectraValidator, electraStateAt, PLAIN_WC01, PLAIN_WC02 } from './electraState.ts';
