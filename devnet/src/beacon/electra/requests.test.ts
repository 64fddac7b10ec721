// process_withdrawal_request and process_consolidation_request against consensus-specs' electra rules.
// Each case follows a pyspec case of tests/core/pyspec/eth2spec/test/electra/block_processing/
// (test_process_withdrawal_request.py, test_process_consolidation_request.py), named in the title;
// the states are this file's (mainnet config, epoch 300) and the values are worked out by hand.
import { describe, expect, it } from 'vitest';
import { FAR_FUTURE_EPOCH, MAINNET_CONFIG } from '@payd/consensus';
import { G2_POINT_AT_INFINITY, processConsolidationRequest, processWithdrawalRequest } from './requests.ts';
import {
  ADDRESS,
  compounding,
  credentials,
  electraState,
  ETH,
  OTHER_ADDRESS,
  pubkeyOf,
  snapshot,
} from './testState.ts';

const MAX_UINT64 = 2n ** 64n - 1n;
/** compute_activation_exit_epoch(300) and the withdrawability delay after it. */
const EXIT_EPOCH = 305n;
const WITHDRAWABLE = EXIT_EPOCH + 256n;

const exitRequest = (i: number, amount = 0n, sourceAddress = ADDRESS) => ({
  sourceAddress,
  validatorPubkey: pubkeyOf(i),
  amount,
});

describe('process_withdrawal_request: full exits', () => {
  it('test_basic_withdrawal_request: exits through the exit churn', () => {
    const s = electraState();
    processWithdrawalRequest(s, exitRequest(1));
    expect(s.validators[1]).toMatchObject({ exitEpoch: EXIT_EPOCH, withdrawableEpoch: WITHDRAWABLE });
    // 256 ETH of exit churn at epoch 305, 32 of it used.
    expect(s.earliestExitEpoch).toBe(EXIT_EPOCH);
    expect(s.exitBalanceToConsume).toBe(224n * ETH);
  });

  it('test_basic_withdrawal_request_with_compounding_credentials: 0x02 exits too', () => {
    const s = electraState();
    compounding(s, 1, 40n * ETH, 40n * ETH);
    processWithdrawalRequest(s, exitRequest(1));
    expect(s.validators[1]!.exitEpoch).toBe(EXIT_EPOCH);
    expect(s.exitBalanceToConsume).toBe(216n * ETH);
  });

  it('queues exits beyond one epoch of churn into the next epochs', () => {
    const s = electraState(12);
    for (let i = 1; i <= 9; i++) processWithdrawalRequest(s, exitRequest(i));
    expect(s.validators.slice(1, 10).map((v) => v.exitEpoch)).toEqual([...Array<bigint>(8).fill(305n), 306n]);
    expect(s.exitBalanceToConsume).toBe(224n * ETH);
  });

  it('test_incorrect_source_address: ignored', () => {
    const s = electraState();
    const before = snapshot(s);
    processWithdrawalRequest(s, exitRequest(1, 0n, OTHER_ADDRESS));
    expect(snapshot(s)).toBe(before);
  });

  it('test_incorrect_withdrawal_credential_prefix: a 0x00 validator is ignored', () => {
    const s = electraState();
    s.validators[1]!.withdrawalCredentials = credentials('00');
    const before = snapshot(s);
    processWithdrawalRequest(s, exitRequest(1));
    expect(snapshot(s)).toBe(before);
  });

  it('test_activation_epoch_less_than_shard_committee_period: ignored', () => {
    const s = electraState();
    s.validators[1]!.activationEpoch = 100n; // 300 < 100 + 256
    const before = snapshot(s);
    processWithdrawalRequest(s, exitRequest(1));
    expect(snapshot(s)).toBe(before);
  });

  it('test_on_withdrawal_request_initiated_exit_validator: an exiting validator is left alone', () => {
    const s = electraState();
    s.validators[1]!.exitEpoch = 400n;
    const before = snapshot(s);
    processWithdrawalRequest(s, exitRequest(1));
    expect(snapshot(s)).toBe(before);
  });

  it('test_unknown_pubkey: ignored', () => {
    const s = electraState();
    const before = snapshot(s);
    processWithdrawalRequest(s, exitRequest(99));
    expect(snapshot(s)).toBe(before);
  });

  it('test_full_exit_request_has_partial_withdrawal: no exit while a partial withdrawal is pending', () => {
    const s = electraState();
    compounding(s, 1, 40n * ETH);
    s.pendingPartialWithdrawals = [{ validatorIndex: 1n, amount: ETH, withdrawableEpoch: 500n }];
    const before = snapshot(s);
    processWithdrawalRequest(s, exitRequest(1));
    expect(snapshot(s)).toBe(before);
  });
});

describe('process_withdrawal_request: partial withdrawals (0x02 only, above 32 ETH)', () => {
  it('test_basic_partial_withdrawal_request: queues the amount, withdrawable after the exit queue', () => {
    const s = electraState();
    compounding(s, 1, 34n * ETH);
    processWithdrawalRequest(s, exitRequest(1, ETH));
    expect(s.pendingPartialWithdrawals).toEqual([
      { validatorIndex: 1n, amount: ETH, withdrawableEpoch: WITHDRAWABLE },
    ]);
    expect(s.validators[1]!.exitEpoch).toBe(FAR_FUTURE_EPOCH);
    expect(s.exitBalanceToConsume).toBe(255n * ETH);
  });

  it('test_partial_withdrawal_request_with_high_amount: capped at the excess over 32 ETH', () => {
    const s = electraState();
    compounding(s, 1, 34n * ETH);
    processWithdrawalRequest(s, exitRequest(1, MAX_UINT64));
    expect(s.pendingPartialWithdrawals![0]!.amount).toBe(2n * ETH);
  });

  it('test_partial_withdrawal_request_with_low_amount: 1 gwei is taken as asked', () => {
    const s = electraState();
    compounding(s, 1, 34n * ETH);
    processWithdrawalRequest(s, exitRequest(1, 1n));
    expect(s.pendingPartialWithdrawals![0]!.amount).toBe(1n);
  });

  it('test_partial_withdrawal_request_with_pending_withdrawals_and_high_amount: what is pending counts', () => {
    const s = electraState();
    compounding(s, 1, 34n * ETH);
    s.pendingPartialWithdrawals = [{ validatorIndex: 1n, amount: ETH, withdrawableEpoch: 400n }];
    processWithdrawalRequest(s, exitRequest(1, MAX_UINT64));
    expect(s.pendingPartialWithdrawals.map((w) => w.amount)).toEqual([ETH, ETH]);
  });

  it('test_pending_withdrawals_consume_all_excess_balance: ignored', () => {
    const s = electraState();
    compounding(s, 1, 34n * ETH);
    s.pendingPartialWithdrawals = [{ validatorIndex: 1n, amount: 2n * ETH, withdrawableEpoch: 400n }];
    const before = snapshot(s);
    processWithdrawalRequest(s, exitRequest(1, ETH));
    expect(snapshot(s)).toBe(before);
  });

  it('test_no_compounding_credentials: a 0x01 validator cannot withdraw partially', () => {
    const s = electraState();
    s.balances[1] = 34n * ETH;
    const before = snapshot(s);
    processWithdrawalRequest(s, exitRequest(1, ETH));
    expect(snapshot(s)).toBe(before);
  });

  it('test_no_excess_balance and test_insufficient_effective_balance: ignored', () => {
    const s = electraState();
    compounding(s, 1, 32n * ETH);
    compounding(s, 2, 34n * ETH, 31n * ETH);
    const before = snapshot(s);
    processWithdrawalRequest(s, exitRequest(1, ETH));
    processWithdrawalRequest(s, exitRequest(2, ETH));
    expect(snapshot(s)).toBe(before);
  });

  it('test_partial_withdrawal_queue_full: partial requests ignored, full exits still taken', () => {
    const s = electraState();
    s.config = { ...MAINNET_CONFIG, PENDING_PARTIAL_WITHDRAWALS_LIMIT: 1n };
    compounding(s, 1, 34n * ETH);
    s.pendingPartialWithdrawals = [{ validatorIndex: 3n, amount: ETH, withdrawableEpoch: 400n }];
    processWithdrawalRequest(s, exitRequest(1, ETH));
    expect(s.pendingPartialWithdrawals).toHaveLength(1);
    processWithdrawalRequest(s, exitRequest(1));
    expect(s.validators[1]!.exitEpoch).toBe(EXIT_EPOCH);
  });
});

const consolidation = (source: number, target: number, sourceAddress = ADDRESS) => ({
  sourceAddress,
  sourcePubkey: pubkeyOf(source),
  targetPubkey: pubkeyOf(target),
});

describe('process_consolidation_request', () => {
  it('test_basic_consolidation_in_current_consolidation_epoch: source exits through the consolidation churn', () => {
    const s = electraState();
    compounding(s, 2, 32n * ETH);
    processConsolidationRequest(s, consolidation(1, 2));
    expect(s.validators[1]).toMatchObject({ exitEpoch: EXIT_EPOCH, withdrawableEpoch: WITHDRAWABLE });
    expect(s.pendingConsolidations).toEqual([{ sourceIndex: 1n, targetIndex: 2n }]);
    // 262 ETH of consolidation churn (518 - 256), 32 used; the exit churn is untouched.
    expect(s.earliestConsolidationEpoch).toBe(EXIT_EPOCH);
    expect(s.consolidationBalanceToConsume).toBe(230n * ETH);
    expect(s.exitBalanceToConsume).toBe(0n);
  });

  it('test_incorrect_not_enough_consolidation_churn_available: a small chain has none', () => {
    const s = electraState(8, false);
    compounding(s, 2, 32n * ETH);
    const before = snapshot(s);
    processConsolidationRequest(s, consolidation(1, 2));
    expect(snapshot(s)).toBe(before);
  });

  const ignored: [string, (s: ReturnType<typeof electraState>) => void, ReturnType<typeof consolidation>][] =
    [
      ['test_incorrect_source_equals_target', (s) => compounding(s, 2, 32n * ETH), consolidation(2, 2)],
      ['test_incorrect_target_with_eth1_credential', () => undefined, consolidation(1, 2)],
      [
        'test_incorrect_incorrect_source_address',
        (s) => compounding(s, 2, 32n * ETH),
        consolidation(1, 2, OTHER_ADDRESS),
      ],
      ['test_incorrect_unknown_source_pubkey', (s) => compounding(s, 2, 32n * ETH), consolidation(50, 2)],
      [
        'test_incorrect_source_has_pending_withdrawal',
        (s) => {
          compounding(s, 2, 32n * ETH);
          compounding(s, 1, 34n * ETH);
          s.pendingPartialWithdrawals = [{ validatorIndex: 1n, amount: ETH, withdrawableEpoch: 400n }];
        },
        consolidation(1, 2),
      ],
      [
        'test_incorrect_source_not_active_long_enough',
        (s) => {
          compounding(s, 2, 32n * ETH);
          s.validators[1]!.activationEpoch = 100n;
        },
        consolidation(1, 2),
      ],
      [
        'test_incorrect_exited_target',
        (s) => {
          compounding(s, 2, 32n * ETH);
          s.validators[2]!.exitEpoch = 400n;
        },
        consolidation(1, 2),
      ],
      [
        'test_incorrect_inactive_source',
        (s) => {
          compounding(s, 2, 32n * ETH);
          s.validators[1]!.activationEpoch = FAR_FUTURE_EPOCH;
        },
        consolidation(1, 2),
      ],
      [
        'test_incorrect_no_source_execution_withdrawal_credential',
        (s) => {
          compounding(s, 2, 32n * ETH);
          s.validators[1]!.withdrawalCredentials = credentials('00');
        },
        consolidation(1, 2),
      ],
    ];
  it.each(ignored)('%s: ignored', (_, setUp, request) => {
    const s = electraState();
    setUp(s);
    const before = snapshot(s);
    processConsolidationRequest(s, request);
    expect(snapshot(s)).toBe(before);
  });
});

describe('process_consolidation_request: the switch to compounding (source == target)', () => {
  it('test_basic_switch_to_compounding: source == target turns 0x01 into 0x02', () => {
    const s = electraState();
    processConsolidationRequest(s, consolidation(1, 1));
    expect(s.validators[1]!.withdrawalCredentials).toBe(credentials('02'));
    expect(s.pendingDeposits).toEqual([]);
    expect(s.validators[1]!.exitEpoch).toBe(FAR_FUTURE_EPOCH);
  });

  it('test_switch_to_compounding_with_excess: the excess over 32 ETH goes back to pending_deposits', () => {
    const s = electraState();
    s.balances[1] = 40n * ETH;
    processConsolidationRequest(s, consolidation(1, 1));
    expect(s.balances[1]).toBe(32n * ETH);
    expect(s.pendingDeposits).toEqual([
      {
        pubkey: pubkeyOf(1),
        withdrawalCredentials: credentials('02'),
        amount: 8n * ETH,
        signature: G2_POINT_AT_INFINITY,
        slot: 0n,
      },
    ]);
  });

  it('test_switch_to_compounding_with_pending_consolidations_at_limit: still switches', () => {
    const s = electraState();
    s.config = { ...MAINNET_CONFIG, PENDING_CONSOLIDATIONS_LIMIT: 1n };
    s.pendingConsolidations = [{ sourceIndex: 5n, targetIndex: 6n }];
    processConsolidationRequest(s, consolidation(1, 1));
    expect(s.validators[1]!.withdrawalCredentials).toBe(credentials('02'));
  });

  it.each([
    ['test_switch_to_compounding_not_authorized', OTHER_ADDRESS, () => undefined],
    [
      'test_switch_to_compounding_source_compounding',
      ADDRESS,
      (s: ReturnType<typeof electraState>) => compounding(s, 1, 32n * ETH),
    ],
    [
      'test_switch_to_compounding_exited_source',
      ADDRESS,
      (s: ReturnType<typeof electraState>) => void (s.validators[1]!.exitEpoch = 400n),
    ],
  ])('%s: ignored', (_, address, setUp) => {
    const s = electraState();
    setUp(s);
    const before = snapshot(s);
    processConsolidationRequest(s, consolidation(1, 1, address));
    expect(snapshot(s)).toBe(before);
  });
});
