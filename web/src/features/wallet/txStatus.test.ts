import { describe, expect, it } from 'vitest';
import { authMessages } from '@payd/schemas';
import { idleTx, txReducer, txStatusText, type TxEvent, type TxState } from './txStatus.ts';

const run = (events: TxEvent[], from: TxState = idleTx) => events.reduce(txReducer, from);

describe('transaction status', () => {
  it('goes through approval and confirmation to confirmed, then back to idle', () => {
    const s = run([
      { type: 'start', id: 1, label: 'Stake' },
      { type: 'sent', id: 1, hash: '0xab' },
    ]);
    expect(txStatusText(s)).toBe('Waiting for confirmation');
    const done = run(
      [
        { type: 'mined', id: 1 },
        { type: 'settled', id: 1 },
      ],
      s,
    );
    expect(done.phase).toBe('confirmed');
    expect(run([{ type: 'clear', id: 1 }], done).phase).toBe('idle');
  });

  it('is cancelled when the user denies the signature', () => {
    const s = run([
      { type: 'start', id: 1, label: 'Stake' },
      {
        type: 'sendFailed',
        id: 1,
        error: {
          message: 'x',
          cause: { message: 'MetaMask Tx Signature: User denied transaction signature.' },
        },
      },
    ]);
    expect(s.phase).toBe('cancelled');
    expect(txStatusText(s)).toBe('Cancelled');
  });

  it('fails with the try-again text on other send errors and with the revert reason on a reverted receipt', () => {
    const sendFail = run([
      { type: 'start', id: 1, label: 'A' },
      { type: 'sendFailed', id: 1, error: new Error('nonce too low') },
    ]);
    expect(txStatusText(sendFail)).toBe(authMessages.txFailedToSend);
    const reverted = run([
      { type: 'start', id: 1, label: 'A' },
      { type: 'sent', id: 1, hash: '0x1' },
      { type: 'reverted', id: 1, reason: 'ICR < MCR' },
    ]);
    expect(txStatusText(reverted)).toBe('Reverted: ICR < MCR');
    expect(
      txStatusText(run([{ type: 'reverted', id: 1 }], { ...reverted, phase: 'waitingForConfirmation' })),
    ).toBe('Failed');
  });

  it('ignores late events of an earlier transaction and does not hide one in flight', () => {
    const s = run([
      { type: 'start', id: 1, label: 'A' },
      { type: 'start', id: 2, label: 'B' },
      { type: 'sent', id: 1, hash: '0x1' },
    ]);
    expect(s).toMatchObject({ phase: 'waitingForApproval', label: 'B' });
    expect(run([{ type: 'clear', id: 2 }], s).phase).toBe('waitingForApproval');
  });
});
