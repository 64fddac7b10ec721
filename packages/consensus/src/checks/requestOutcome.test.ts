// The outcome of a logged request read from a finalized state built by hand: pending until its slot
// is finalized, then confirmed by its effect or ignored without it.
import { describe, expect, it } from 'vitest';
import {
  consolidationRequestKind,
  requestOutcome,
  withdrawalRequestKind,
  type FinalizedRequestView,
} from './requestOutcome.ts';
import { credentials, ETH, validator } from './testState.ts';

const SLOTS = 32n;
/** The request's block is in epoch 100. */
const SLOT = 100n * SLOTS + 5n;

const view = (over: Partial<FinalizedRequestView> = {}): FinalizedRequestView => ({
  slot: 102n * SLOTS,
  slotsPerEpoch: SLOTS,
  minValidatorWithdrawabilityDelay: 256n,
  validators: [validator(0), validator(1, { withdrawalCredentials: credentials('02') })],
  pendingPartialWithdrawals: [],
  pendingConsolidations: [],
  ...over,
});
const v0 = validator(0).pubkey;
const v1 = validator(1).pubkey;

describe('requestOutcome', () => {
  it('names the kind from the log: amount 0 exits, source == target switches to 0x02', () => {
    expect(withdrawalRequestKind(0n)).toBe('exit');
    expect(withdrawalRequestKind(1n)).toBe('partialWithdrawal');
    expect(consolidationRequestKind(v0, v0.toUpperCase().replace('0X', '0x'))).toBe('switchToCompounding');
    expect(consolidationRequestKind(v0, v1)).toBe('consolidation');
  });

  it('is pending while the slot of the request is not finalized, whatever the state shows', () => {
    const exited = view({ slot: SLOT - 1n, validators: [validator(0, { exitEpoch: 105n })] });
    expect(requestOutcome({ kind: 'exit', sourcePubkey: v0, slot: SLOT }, exited)).toBe('pending');
  });

  it('confirms an exit by its exit epoch and ignores one the state does not show', () => {
    const exit = { kind: 'exit' as const, sourcePubkey: v0, slot: SLOT };
    expect(requestOutcome(exit, view({ validators: [validator(0, { exitEpoch: 106n })] }))).toBe('confirmed');
    expect(requestOutcome(exit, view())).toBe('ignored');
    expect(requestOutcome({ ...exit, sourcePubkey: validator(7).pubkey }, view())).toBe('ignored');
  });

  it('confirms a switch to compounding by 0x02 credentials, else ignores it', () => {
    const upgrade = { kind: 'switchToCompounding' as const, sourcePubkey: v0, targetPubkey: v0, slot: SLOT };
    expect(requestOutcome(upgrade, view())).toBe('ignored');
    const switched = view({ validators: [validator(0, { withdrawalCredentials: credentials('02') })] });
    expect(requestOutcome(upgrade, switched)).toBe('confirmed');
  });

  it('confirms a consolidation by its pending entry or its exiting source, else ignores it', () => {
    const merge = { kind: 'consolidation' as const, sourcePubkey: v0, targetPubkey: v1, slot: SLOT };
    expect(requestOutcome(merge, view())).toBe('ignored');
    expect(
      requestOutcome(merge, view({ pendingConsolidations: [{ sourceIndex: 0n, targetIndex: 1n }] })),
    ).toBe('confirmed');
    // Another validator's consolidation into the same target says nothing of this one.
    expect(
      requestOutcome(merge, view({ pendingConsolidations: [{ sourceIndex: 2n, targetIndex: 1n }] })),
    ).toBe('ignored');
    const processed = view({ validators: [validator(0, { exitEpoch: 107n }), validator(1)] });
    expect(requestOutcome(merge, processed)).toBe('confirmed');
  });

  it('confirms a partial withdrawal queued after the request, not an older one, and says nothing once it may be paid', () => {
    const partial = { kind: 'partialWithdrawal' as const, sourcePubkey: v1, slot: SLOT };
    const queued = (withdrawableEpoch: bigint) =>
      view({ pendingPartialWithdrawals: [{ validatorIndex: 1n, amount: 2n * ETH, withdrawableEpoch }] });
    expect(requestOutcome(partial, queued(100n + 256n + 5n))).toBe('confirmed');
    // Queued by an earlier request (withdrawable before this one could be).
    expect(requestOutcome(partial, queued(90n + 256n))).toBe('ignored');
    expect(requestOutcome(partial, view())).toBe('ignored');
    // Past the earliest withdrawable epoch the sweep may have paid it: neither confirmed nor ignored.
    expect(requestOutcome(partial, view({ slot: (100n + 256n) * SLOTS }))).toBe('unknown');
  });
});
