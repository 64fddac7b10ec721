// The exit's state and the date the ETH is expected, from the beacon node's exit and withdrawable
// epochs and the withdrawal sweep's cycle.
import { describe, expect, it } from 'vitest';
import { BeaconTime, type BeaconSpec, type BeaconValidator } from './beacon/index.ts';
import { DEFAULT_SWEEP_CYCLE_MS, exitEntry } from './exitSchedule.ts';

// The dev node's minimal preset: 6 s slots, 8 slots an epoch, a sweep visit a day (1800 epochs).
const spec = (values: Record<string, string> = {}): BeaconSpec => ({
  secondsPerSlot: 6n,
  slotsPerEpoch: 8n,
  genesisForkVersion: '0x00000000',
  capellaForkVersion: '0x03000000',
  depositChainId: 88n,
  depositContractAddress: '0x',
  values,
});
const genesis = {
  genesisTime: new Date('2026-11-01T00:00:00Z'),
  genesisValidatorsRoot: '0x',
  genesisForkVersion: '0x',
};
const time = new BeaconTime(genesis, { secondsPerSlot: 6n, slotsPerEpoch: 8n });
const validator = (status: BeaconValidator['status'], exit: number | null): BeaconValidator => ({
  index: 3n,
  pubkey: `0x${'AB'.repeat(48)}`,
  status,
  balanceGwei: 32_000_000_000n,
  effectiveBalanceGwei: 32_000_000_000n,
  withdrawalCredentials: '0x01',
  slashed: false,
  activationEligibilityEpoch: 1n,
  activationEpoch: 6n,
  exitEpoch: exit === null ? null : BigInt(exit),
  withdrawableEpoch: exit === null ? null : BigInt(exit + 256),
});

describe('exit schedule', () => {
  it('expects the ETH one sweep cycle after the withdrawable epoch on the dev node', () => {
    const e = exitEntry(
      validator('active_exiting', 1000),
      spec({ PAYD_WITHDRAWAL_SWEEP_EPOCHS: '1800' }),
      time,
    );
    // Epoch 1000 starts 48,000 s after genesis; withdrawable 256 epochs (3 h 24 min 48 s) later;
    // the sweep's visit at most 1800 epochs (24 h) after that.
    expect(e).toEqual({
      PubKey: `0x${'ab'.repeat(48)}`,
      ValidatorIndex: '3',
      State: 'exiting',
      ExitEpoch: '1000',
      ExitUtc: '2026-11-01T13:20:00.000Z',
      WithdrawableEpoch: '1256',
      WithdrawableUtc: '2026-11-01T16:44:48.000Z',
      EthExpectedUtc: '2026-11-02T16:44:48.000Z',
    });
  });

  it('assumes a 10-day sweep where the node does not say its cycle', () => {
    const e = exitEntry(validator('exited_unslashed', 1000), spec(), time)!;
    expect(e.State).toBe('exited');
    expect(Date.parse(e.EthExpectedUtc!) - Date.parse(e.WithdrawableUtc!)).toBe(DEFAULT_SWEEP_CYCLE_MS);
  });

  it('names each step, and has no date once the ETH is paid', () => {
    const s = spec({ PAYD_WITHDRAWAL_SWEEP_EPOCHS: '1800' });
    expect(exitEntry(validator('withdrawal_possible', 10), s, time)!.State).toBe('withdrawable');
    const done = exitEntry(validator('withdrawal_done', 10), s, time)!;
    expect(done.State).toBe('withdrawn');
    expect(done.EthExpectedUtc).toBeNull();
  });

  it('has no entry for a validator without a scheduled exit', () => {
    expect(exitEntry(validator('active_ongoing', null), spec(), time)).toBeNull();
    expect(exitEntry(validator('pending_queued', null), spec(), time)).toBeNull();
  });
});
