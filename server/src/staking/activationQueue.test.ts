// The activation estimate from the Beacon API's data: the chain's own activation epoch once set;
// otherwise the place among the pending validators and the activation churn.
import { describe, expect, it } from 'vitest';
import { estimateActivation } from './activationQueue.ts';
import { BeaconTime, type BeaconSpec, type BeaconValidator } from './beacon/index.ts';

const spec = (values: Record<string, string>): BeaconSpec => ({
  secondsPerSlot: 12n,
  slotsPerEpoch: 32n,
  genesisForkVersion: '0x00000000',
  capellaForkVersion: '0x03000000',
  depositChainId: 1n,
  depositContractAddress: '0x',
  values: { MAX_SEED_LOOKAHEAD: '4', ...values },
});
const genesis = {
  genesisTime: new Date('2020-12-01T12:00:23Z'),
  genesisValidatorsRoot: '0x',
  genesisForkVersion: '0x',
};
const time = new BeaconTime(genesis, { secondsPerSlot: 12n, slotsPerEpoch: 32n });
const pending = (
  index: number,
  eligibility: number | null,
  activation: number | null = null,
): BeaconValidator => ({
  index: BigInt(index),
  pubkey: `0x${String(index).padStart(96, '0')}`,
  status: eligibility === null ? 'pending_initialized' : 'pending_queued',
  balanceGwei: 32_000_000_000n,
  effectiveBalanceGwei: 32_000_000_000n,
  withdrawalCredentials: '0x01',
  slashed: false,
  activationEligibilityEpoch: eligibility === null ? null : BigInt(eligibility),
  activationEpoch: activation === null ? null : BigInt(activation),
  exitEpoch: null,
  withdrawableEpoch: null,
});

describe('activation estimate', () => {
  it("is the chain's activation epoch once set", () => {
    const v = pending(7, 100, 105);
    const e = estimateActivation({
      validator: v,
      depositTime: null,
      pending: [v],
      headEpoch: 101n,
      spec: spec({}),
      time,
    });
    expect(e).toMatchObject({ position: null, scheduled: true, activationEpoch: 105n });
    expect(e!.activationUtc).toEqual(time.epochStart(105n));
  });

  it('places a queued validator by eligibility then index and waits a churn per epoch', () => {
    // 20 validators ahead (eligible earlier or same epoch with a lower index), churn 8 a epoch.
    const ahead = Array.from({ length: 20 }, (_, i) => pending(i, i < 10 ? 90 : 100));
    const mine = pending(50, 100);
    const later = pending(30, 101);
    const e = estimateActivation({
      validator: mine,
      depositTime: null,
      pending: [later, mine, ...ahead],
      headEpoch: 110n,
      spec: spec({ MAX_PER_EPOCH_ACTIVATION_CHURN_LIMIT: '8' }),
      time,
    });
    // Position 21: dequeued in the 3rd epoch of churn from now (110, 111, 112), active 5 later.
    expect(e).toMatchObject({ position: 21, queueLength: 22, scheduled: false, activationEpoch: 117n });
  });

  it('without a churn limit (the dev beacon node) activates 5 epochs after eligibility', () => {
    const depositTime = time.epochStart(200n);
    const e = estimateActivation({
      validator: null,
      depositTime: new Date(depositTime.getTime() + 1000),
      pending: [pending(1, 150)],
      headEpoch: 200n,
      spec: spec({ PAYD_DEPOSIT_PROCESSING_DELAY_SECONDS: '384' }),
      time,
    });
    // Processed one epoch (384 s) after the deposit: eligible at 202, active at 207.
    expect(e).toMatchObject({ position: 2, queueLength: 2, activationEpoch: 207n });
  });
});
