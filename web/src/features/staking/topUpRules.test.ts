import { describe, expect, it } from 'vitest';
import { topUpMessages, type TopUpRow } from '@payd/schemas';
import {
  ethToGwei,
  kindOf,
  pendingTopUpGwei,
  topUpAmountError,
  topUpPath,
  topUpRangeText,
  topUpStateText,
  topUpTargetOf,
  topUpsOf,
} from './topUpRules.ts';

const KEY = `0x${'ab'.repeat(48)}`;
const row = (o: Record<string, unknown> = {}) => ({
  PubKey5: KEY,
  WithdrawalKind5: '0x02',
  Balance5: '64.001000000',
  ValidatorStatusCd5: '3',
  ...o,
});
const topUp = (o: Partial<TopUpRow>): TopUpRow => ({
  TopUpId: 1,
  PubKey: KEY,
  AmountEth: 10,
  State: 'pending',
  RequestedUtc: '2026-01-01T00:00:00.000Z',
  SentUtc: null,
  CreditedUtc: null,
  TxHash: null,
  ...o,
});

describe('top-up rules', () => {
  it('reads the balance, kind and pending top-ups of a validator row', () => {
    expect(ethToGwei('64.001000000')).toBe(64_001_000_000n);
    expect(ethToGwei('')).toBe(0n);
    expect(kindOf({ ValidatorJson5: `{"withdrawal_credentials":"02${'00'.repeat(31)}"}` })).toBe('0x02');
    expect(kindOf({})).toBe('0x01');
    expect(pendingTopUpGwei(KEY, [topUp({}), topUp({ State: 'credited' }), topUp({ PubKey: '0x1' })])).toBe(
      10_000_000_000n,
    );
  });

  it('gives the limits of @payd/schemas: up to 2048 ETH with pending top-ups', () => {
    const t = topUpTargetOf(row(), [topUp({})]);
    expect(topUpRangeText(t)).toBe('You can add 1 to 1973 whole ETH.');
    expect(topUpAmountError(t, 10)).toBeNull();
    expect(topUpAmountError(t, 1974)).toBe(topUpMessages.tooMuch(1973));
    expect(topUpAmountError(t, null)).toBe('Enter a whole number of ETH');
    expect(topUpAmountError(topUpTargetOf(row({ WithdrawalKind5: '0x01' }), []), 1)).toBe(
      topUpMessages.regularRefused,
    );
    expect(topUpAmountError(topUpTargetOf(row({ ValidatorStatusCd5: '2' }), []), 1)).toBe(
      topUpMessages.notActive,
    );
  });

  it('links to the manage page with the validator and says where a top-up stands', () => {
    expect(topUpPath(KEY.toUpperCase().replace('0X', '0x'))).toBe(`/manageValidator?topUp=${KEY}`);
    expect(topUpStateText(topUp({}))).toBe(
      'Top-up of 10 ETH pending: the beacon chain credits it once it has processed the deposit',
    );
    expect(topUpStateText(topUp({ State: 'credited' }))).toBe('Top-up of 10 ETH credited');
    expect(topUpsOf(KEY, [topUp({ State: 'signed' }), topUp({ TopUpId: 2 })]).map((t) => t.TopUpId)).toEqual([
      2,
    ]);
  });
});
