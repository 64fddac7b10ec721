// When an exiting validator's ETH reaches its withdrawal address, from what the beacon node says:
// the exit epoch (the validator stops), the withdrawable epoch (exit + MIN_VALIDATOR_WITHDRAWABILITY_DELAY:
// 256 epochs, about 27 hours on mainnet, 3.4 hours on the dev node), then the withdrawal sweep's next
// visit of the validator, which pays the whole balance. The sweep visits every validator once a
// cycle, so the ETH is expected at the latest one cycle after the withdrawable epoch. The dev beacon
// node serves its cycle (PAYD_WITHDRAWAL_SWEEP_EPOCHS, one day); a standard node does not, and on
// mainnet the cycle (every validator at 16 withdrawals a slot) is about 9 days: 10 days is assumed.
import type { BeaconSpec, BeaconTime, BeaconValidator } from './beacon/index.ts';

/** The sweep cycle assumed when the node does not serve PAYD_WITHDRAWAL_SWEEP_EPOCHS. */
export const DEFAULT_SWEEP_CYCLE_MS = 10 * 86_400_000;

/** Where an exit stands: leaving, left (ETH waiting), ETH withdrawable (the sweep pays it next), ETH paid. */
export type ExitState = 'exiting' | 'exited' | 'withdrawable' | 'withdrawn';

/** One validator's exit as SyncValidators answers it (`Exits`). */
export interface ExitEntry {
  PubKey: string;
  ValidatorIndex: string;
  State: ExitState;
  ExitEpoch: string;
  ExitUtc: string;
  WithdrawableEpoch: string | null;
  WithdrawableUtc: string | null;
  /** The latest the ETH is expected at the withdrawal address; null once it is paid. */
  EthExpectedUtc: string | null;
}

const STATE_OF: Partial<Record<BeaconValidator['status'], ExitState>> = {
  active_exiting: 'exiting',
  active_slashed: 'exiting',
  exited_unslashed: 'exited',
  exited_slashed: 'exited',
  withdrawal_possible: 'withdrawable',
  withdrawal_done: 'withdrawn',
};

/** The sweep cycle in milliseconds: the node's PAYD_WITHDRAWAL_SWEEP_EPOCHS, else the default. */
export function sweepCycleMs(spec: BeaconSpec): number {
  const v = spec.values.PAYD_WITHDRAWAL_SWEEP_EPOCHS;
  if (v === undefined || !/^\d+$/.test(v)) return DEFAULT_SWEEP_CYCLE_MS;
  return Number(BigInt(v) * spec.slotsPerEpoch * spec.secondsPerSlot * 1000n);
}

/** The exit of `v`, or null when the beacon chain has not scheduled one. */
export function exitEntry(v: BeaconValidator, spec: BeaconSpec, time: BeaconTime): ExitEntry | null {
  const state = STATE_OF[v.status];
  if (!state || v.exitEpoch === null) return null;
  const withdrawable = v.withdrawableEpoch === null ? null : time.epochStart(v.withdrawableEpoch);
  const expected =
    state === 'withdrawn' || !withdrawable ? null : new Date(withdrawable.getTime() + sweepCycleMs(spec));
  return {
    PubKey: v.pubkey.toLowerCase(),
    ValidatorIndex: v.index.toString(),
    State: state,
    ExitEpoch: v.exitEpoch.toString(),
    ExitUtc: time.epochStart(v.exitEpoch).toISOString(),
    WithdrawableEpoch: v.withdrawableEpoch?.toString() ?? null,
    WithdrawableUtc: withdrawable?.toISOString() ?? null,
    EthExpectedUtc: expected?.toISOString() ?? null,
  };
}
