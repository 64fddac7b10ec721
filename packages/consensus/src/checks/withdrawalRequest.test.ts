// process_withdrawal_request's conditions (consensus-specs electra beacon-chain.md), each against a
// state built by hand: the request the chain would act on, and each `return` it would fall into.
import { describe, expect, it } from 'vitest';
import { FAR_FUTURE_EPOCH } from '../state.ts';
import { requestRulesFromSpec } from './requestState.ts';
import { checkWithdrawalRequest, withdrawableAmount } from './withdrawalRequest.ts';
import { credentials, ETH, NOW, OWNER, RULES, stateOf, STRANGER, validator } from './testState.ts';

const exit = (pubkey: string, sourceAddress = OWNER) => ({
  sourceAddress,
  validatorPubkey: pubkey,
  amount: 0n,
});
const partial = (pubkey: string, amount: bigint, sourceAddress = OWNER) => ({
  sourceAddress,
  validatorPubkey: pubkey,
  amount,
});
const compounding = (balance: bigint) =>
  validator(0, { withdrawalCredentials: credentials('02'), balance, effectiveBalance: 64n * ETH });

describe('full exits from the withdrawal address (amount 0)', () => {
  it('exits an active validator, active for SHARD_COMMITTEE_PERIOD epochs, sent by its address', () => {
    const v = validator(0, { activationEpoch: NOW - 256n });
    expect(
      checkWithdrawalRequest(stateOf([v]), RULES, exit(v.pubkey.toUpperCase().replace('0X', '0x'))),
    ).toEqual({
      processed: true,
    });
  });

  it('is ignored for a pubkey the chain does not know', () => {
    expect(checkWithdrawalRequest(stateOf([]), RULES, exit(validator(5).pubkey))).toMatchObject({
      processed: false,
      reason: 'unknownValidator',
      bySpec: true,
    });
  });

  it('is ignored without execution credentials (0x00) and from another address', () => {
    const bls = validator(0, { withdrawalCredentials: credentials('00') });
    expect(checkWithdrawalRequest(stateOf([bls]), RULES, exit(bls.pubkey))).toMatchObject({
      reason: 'noExecutionCredentials',
    });
    const v = validator(0);
    expect(checkWithdrawalRequest(stateOf([v]), RULES, exit(v.pubkey, STRANGER))).toMatchObject({
      reason: 'notWithdrawalAddress',
    });
  });

  it('is ignored before activation and once an exit is initiated', () => {
    const pending = validator(0, { activationEpoch: FAR_FUTURE_EPOCH });
    expect(checkWithdrawalRequest(stateOf([pending]), RULES, exit(pending.pubkey))).toMatchObject({
      reason: 'notActiveYet',
    });
    const exiting = validator(0, { exitEpoch: NOW + 5n });
    expect(checkWithdrawalRequest(stateOf([exiting]), RULES, exit(exiting.pubkey))).toMatchObject({
      reason: 'exitInitiated',
    });
    const exited = validator(0, { exitEpoch: NOW - 5n });
    expect(checkWithdrawalRequest(stateOf([exited]), RULES, exit(exited.pubkey))).toMatchObject({
      reason: 'exitInitiated',
    });
  });

  it('names the epoch it is allowed from while active for less than SHARD_COMMITTEE_PERIOD', () => {
    // current 1000 < 745 + 256 = 1001: one epoch to go
    const v = validator(0, { activationEpoch: 745n });
    expect(checkWithdrawalRequest(stateOf([v]), RULES, exit(v.pubkey))).toEqual({
      processed: false,
      reason: 'activeTooShort',
      bySpec: true,
      allowedFromEpoch: 1001n,
    });
    // the dev node's minimal preset: 64 epochs
    const minimal = requestRulesFromSpec({ SHARD_COMMITTEE_PERIOD: '64' });
    expect(checkWithdrawalRequest(stateOf([v]), minimal, exit(v.pubkey))).toEqual({ processed: true });
  });

  it('is ignored while a partial withdrawal of the validator is pending', () => {
    const v = compounding(40n * ETH);
    const other = { validatorIndex: 7n, amount: ETH, withdrawableEpoch: NOW + 300n };
    expect(
      checkWithdrawalRequest(stateOf([v], { pendingPartialWithdrawals: [other] }), RULES, exit(v.pubkey)),
    ).toEqual({ processed: true });
    const own = { validatorIndex: 0n, amount: 1n, withdrawableEpoch: NOW + 300n };
    expect(
      checkWithdrawalRequest(stateOf([v], { pendingPartialWithdrawals: [own] }), RULES, exit(v.pubkey)),
    ).toMatchObject({ reason: 'partialWithdrawalPending' });
  });
});

describe('partial withdrawals (amount > 0)', () => {
  it('withdraws from a 0x02 validator what lies above 32 ETH and above what is pending', () => {
    // 60 ETH, 5 pending: 60 - 32 - 5 = 23 ETH withdrawable
    const v = compounding(60n * ETH);
    const state = stateOf([v], {
      pendingPartialWithdrawals: [{ validatorIndex: 0n, amount: 5n * ETH, withdrawableEpoch: NOW + 260n }],
    });
    expect(withdrawableAmount(state, RULES, v)).toBe(23n * ETH);
    expect(checkWithdrawalRequest(state, RULES, partial(v.pubkey, 23n * ETH))).toEqual({
      processed: true,
      toWithdraw: 23n * ETH,
    });
    expect(checkWithdrawalRequest(state, RULES, partial(v.pubkey, 23n * ETH + 1n))).toEqual({
      processed: false,
      reason: 'amountAboveWithdrawable',
      bySpec: false,
      withdrawable: 23n * ETH,
    });
  });

  it('is ignored at 32 ETH plus pending or below (has_excess_balance)', () => {
    const v = compounding(37n * ETH);
    const state = stateOf([v], {
      pendingPartialWithdrawals: [{ validatorIndex: 0n, amount: 5n * ETH, withdrawableEpoch: NOW + 260n }],
    });
    expect(checkWithdrawalRequest(state, RULES, partial(v.pubkey, ETH))).toMatchObject({
      reason: 'nothingToWithdraw',
      bySpec: true,
    });
    expect(withdrawableAmount(state, RULES, v)).toBe(0n);
  });

  it('is ignored for 0x01 validators and below 32 ETH effective balance', () => {
    const regular = validator(0, { balance: 33n * ETH });
    expect(checkWithdrawalRequest(stateOf([regular]), RULES, partial(regular.pubkey, ETH))).toMatchObject({
      reason: 'notCompounding',
    });
    const low = validator(0, {
      withdrawalCredentials: credentials('02'),
      effectiveBalance: 31n * ETH,
      balance: 40n * ETH,
    });
    expect(checkWithdrawalRequest(stateOf([low]), RULES, partial(low.pubkey, ETH))).toMatchObject({
      reason: 'effectiveBalanceTooLow',
    });
  });

  it('is ignored when the pending partial withdrawals queue is full, exits are not', () => {
    const v = compounding(40n * ETH);
    const rules = { ...RULES, PENDING_PARTIAL_WITHDRAWALS_LIMIT: 1n };
    const full = stateOf([v], {
      pendingPartialWithdrawals: [{ validatorIndex: 9n, amount: ETH, withdrawableEpoch: NOW }],
    });
    expect(checkWithdrawalRequest(full, rules, partial(v.pubkey, ETH))).toMatchObject({
      reason: 'partialQueueFull',
    });
    expect(checkWithdrawalRequest(full, rules, exit(v.pubkey))).toEqual({ processed: true });
  });
});

describe('the rules from /eth/v1/config/spec', () => {
  it('takes what the node serves and mainnet for the rest', () => {
    const rules = requestRulesFromSpec({ SHARD_COMMITTEE_PERIOD: '64', PENDING_CONSOLIDATIONS_LIMIT: 'x' });
    expect(rules.SHARD_COMMITTEE_PERIOD).toBe(64n);
    expect(rules.PENDING_CONSOLIDATIONS_LIMIT).toBe(262_144n);
    expect(rules.MIN_ACTIVATION_BALANCE).toBe(32n * ETH);
  });
});
