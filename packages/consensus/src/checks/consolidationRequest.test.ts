// process_consolidation_request and is_valid_switch_to_compounding_request (consensus-specs electra
// beacon-chain.md), each condition against a state built by hand.
import { describe, expect, it } from 'vitest';
import { FAR_FUTURE_EPOCH } from '../state.ts';
import { checkConsolidationRequest } from './consolidationRequest.ts';
import { consolidationChurnLimit } from './requestState.ts';
import { credentials, ETH, NOW, OWNER, RULES, stateOf, STRANGER, validator } from './testState.ts';

const request = (source: string, target: string, sourceAddress = OWNER) => ({
  sourceAddress,
  sourcePubkey: source,
  targetPubkey: target,
});
const target = (over = {}) => validator(1, { withdrawalCredentials: credentials('02'), ...over });

describe('upgrade to 0x02 (source == target)', () => {
  it('switches an active 0x01 validator sent from its address, however recently activated', () => {
    const v = validator(0, { activationEpoch: NOW });
    expect(checkConsolidationRequest(stateOf([v]), RULES, request(v.pubkey, v.pubkey))).toEqual({
      processed: true,
    });
  });

  it('is ignored for 0x02 and 0x00 credentials, another sender, an unknown key', () => {
    const v2 = target();
    expect(checkConsolidationRequest(stateOf([v2]), RULES, request(v2.pubkey, v2.pubkey))).toMatchObject({
      reason: 'alreadyCompounding',
    });
    const v0 = validator(0, { withdrawalCredentials: credentials('00') });
    expect(checkConsolidationRequest(stateOf([v0]), RULES, request(v0.pubkey, v0.pubkey))).toMatchObject({
      reason: 'noExecutionCredentials',
    });
    const v1 = validator(0);
    expect(
      checkConsolidationRequest(stateOf([v1]), RULES, request(v1.pubkey, v1.pubkey, STRANGER)),
    ).toMatchObject({ reason: 'notWithdrawalAddress' });
    expect(checkConsolidationRequest(stateOf([]), RULES, request(v1.pubkey, v1.pubkey))).toMatchObject({
      reason: 'unknownValidator',
    });
  });

  it('is ignored before activation and once an exit is initiated', () => {
    const pending = validator(0, { activationEpoch: FAR_FUTURE_EPOCH });
    expect(
      checkConsolidationRequest(stateOf([pending]), RULES, request(pending.pubkey, pending.pubkey)),
    ).toMatchObject({ reason: 'notActiveYet' });
    const exiting = validator(0, { exitEpoch: NOW + 1n });
    expect(
      checkConsolidationRequest(stateOf([exiting]), RULES, request(exiting.pubkey, exiting.pubkey)),
    ).toMatchObject({ reason: 'exitInitiated' });
  });
});

describe('consolidation of source into a 0x02 target', () => {
  it('consolidates an active source of the sender into an active 0x02 target', () => {
    const s = validator(0);
    const t = target();
    expect(checkConsolidationRequest(stateOf([s, t]), RULES, request(s.pubkey, t.pubkey))).toEqual({
      processed: true,
    });
  });

  it('is ignored with the consolidation queue full or the consolidation churn at 32 ETH or less', () => {
    const s = validator(0);
    const t = target();
    const rules = { ...RULES, PENDING_CONSOLIDATIONS_LIMIT: 2n };
    expect(
      checkConsolidationRequest(
        stateOf([s, t], { pendingConsolidationCount: 2 }),
        rules,
        request(s.pubkey, t.pubkey),
      ),
    ).toMatchObject({ reason: 'consolidationQueueFull' });
    // 18,874,368 ETH / 65536 = 288 ETH of balance churn, 256 for exits: 32 ETH left, not more than 32
    expect(consolidationChurnLimit(18_874_368n * ETH, RULES)).toBe(32n * ETH);
    const low = stateOf([s, t], { totalActiveBalance: 18_874_368n * ETH });
    expect(checkConsolidationRequest(low, RULES, request(s.pubkey, t.pubkey))).toMatchObject({
      reason: 'consolidationChurnTooLow',
    });
    // 65536 ETH more: 289 - 256 = 33 ETH
    const enough = stateOf([s, t], { totalActiveBalance: 18_939_904n * ETH });
    expect(checkConsolidationRequest(enough, RULES, request(s.pubkey, t.pubkey))).toEqual({
      processed: true,
    });
    // a small chain: max(128, ...) = 128 ETH, all of it for activations and exits
    expect(consolidationChurnLimit(1000n * ETH, RULES)).toBe(0n);
  });

  it('is ignored for unknown keys, a 0x00 source, another sender', () => {
    const s = validator(0);
    const t = target();
    expect(checkConsolidationRequest(stateOf([t]), RULES, request(s.pubkey, t.pubkey))).toMatchObject({
      reason: 'unknownValidator',
    });
    expect(checkConsolidationRequest(stateOf([s]), RULES, request(s.pubkey, t.pubkey))).toMatchObject({
      reason: 'unknownTarget',
    });
    const bls = validator(0, { withdrawalCredentials: credentials('00') });
    expect(checkConsolidationRequest(stateOf([bls, t]), RULES, request(bls.pubkey, t.pubkey))).toMatchObject({
      reason: 'noExecutionCredentials',
    });
    expect(
      checkConsolidationRequest(stateOf([s, t]), RULES, request(s.pubkey, t.pubkey, STRANGER)),
    ).toMatchObject({ reason: 'notWithdrawalAddress' });
  });

  it('is ignored when the target is 0x01, not active yet or exiting', () => {
    const s = validator(0);
    const t1 = validator(1);
    expect(checkConsolidationRequest(stateOf([s, t1]), RULES, request(s.pubkey, t1.pubkey))).toMatchObject({
      reason: 'targetNotCompounding',
    });
    const young = target({ activationEpoch: NOW + 3n });
    expect(
      checkConsolidationRequest(stateOf([s, young]), RULES, request(s.pubkey, young.pubkey)),
    ).toMatchObject({
      reason: 'targetNotActiveYet',
    });
    const leaving = target({ exitEpoch: NOW + 3n });
    expect(
      checkConsolidationRequest(stateOf([s, leaving]), RULES, request(s.pubkey, leaving.pubkey)),
    ).toMatchObject({ reason: 'targetExitInitiated' });
  });

  it('is ignored when the source is not active, exiting, or active for less than 256 epochs', () => {
    const t = target();
    const pending = validator(0, { activationEpoch: FAR_FUTURE_EPOCH });
    expect(
      checkConsolidationRequest(stateOf([pending, t]), RULES, request(pending.pubkey, t.pubkey)),
    ).toMatchObject({ reason: 'notActiveYet' });
    const exiting = validator(0, { exitEpoch: NOW + 10n });
    expect(
      checkConsolidationRequest(stateOf([exiting, t]), RULES, request(exiting.pubkey, t.pubkey)),
    ).toMatchObject({ reason: 'exitInitiated' });
    // activated at 900: 900 + 256 = 1156
    const young = validator(0, { activationEpoch: 900n });
    expect(checkConsolidationRequest(stateOf([young, t]), RULES, request(young.pubkey, t.pubkey))).toEqual({
      processed: false,
      reason: 'activeTooShort',
      bySpec: true,
      allowedFromEpoch: 1156n,
    });
  });

  it('is ignored while the source has a partial withdrawal pending', () => {
    const s = validator(0, { withdrawalCredentials: credentials('02'), balance: 40n * ETH });
    const t = target();
    const state = stateOf([s, t], {
      pendingPartialWithdrawals: [{ validatorIndex: 0n, amount: ETH, withdrawableEpoch: NOW + 256n }],
    });
    expect(checkConsolidationRequest(state, RULES, request(s.pubkey, t.pubkey))).toMatchObject({
      reason: 'partialWithdrawalPending',
    });
  });

  it('refuses (payd, not the spec) a target paying another withdrawal address', () => {
    const s = validator(0);
    const t = target({ withdrawalCredentials: credentials('02', STRANGER) });
    expect(checkConsolidationRequest(stateOf([s, t]), RULES, request(s.pubkey, t.pubkey))).toEqual({
      processed: false,
      reason: 'differentWithdrawalAddresses',
      bySpec: false,
    });
  });
});
