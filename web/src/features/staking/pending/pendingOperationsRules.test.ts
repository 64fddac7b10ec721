import type { PendingOperationEntry } from '@payd/schemas';
import { describe, expect, it } from 'vitest';
import { amountText, expectedText, OPERATION_NAMES, stateText } from './pendingOperationsRules.ts';

const op = (o: Partial<PendingOperationEntry>): PendingOperationEntry => ({
  Kind: 'top-up',
  State: 'queued',
  PubKey: `0x${'ab'.repeat(48)}`,
  ValidatorIndex: '7',
  AmountEth: '10.000000000',
  Epoch: '400001',
  Slot: null,
  ExpectedUtc: '2025-10-15T11:02:47.000Z',
  Position: 3,
  QueueLength: 40,
  ExitEpoch: null,
  WithdrawableEpoch: null,
  TargetPubKey: null,
  ...o,
});
const NOW = Date.parse('2025-10-14T09:00:00Z');

describe('pending operations text', () => {
  it('names the operation, says where it stands with its place in the queue', () => {
    expect(OPERATION_NAMES[op({}).Kind]).toBe('Top-up');
    expect(stateText(op({}))).toBe('In the queue (3 of 40)');
    expect(stateText(op({ Kind: 'exit', State: 'withdrawable', Position: null, QueueLength: null }))).toBe(
      'Withdrawable, waiting for the withdrawal sweep',
    );
  });

  it('tells when it completes in the staking screens’ date format', () => {
    expect(expectedText(op({}), NOW)).toBe('Credited in ~1 day, 2 hours (about 15 Oct 2025, 11:02 UTC)');
    expect(expectedText(op({ Kind: 'exit' }), NOW)).toBe(
      'ETH paid to the withdrawal address in ~1 day, 2 hours (about 15 Oct 2025, 11:02 UTC)',
    );
    expect(expectedText(op({}), Date.parse('2025-10-16T00:00:00Z'))).toBe(
      'Credited due (15 Oct 2025, 11:02 UTC)',
    );
    expect(expectedText(op({ ExpectedUtc: null }), NOW)).toBe('-');
  });

  it('shows amounts without trailing zeros', () => {
    expect(amountText(op({}))).toBe('10 ETH');
    expect(amountText(op({ AmountEth: '32.005000000' }))).toBe('32.005 ETH');
    expect(amountText(op({ AmountEth: null }))).toBeNull();
  });
});
