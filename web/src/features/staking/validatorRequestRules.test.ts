import { describe, expect, it } from 'vitest';
import {
  consolidationTargets,
  feeText,
  isWithdrawalWallet,
  offeredRequests,
  quoteText,
} from './validatorRequestRules.ts';

const v = (i: number, kind: string, status = '3') => ({
  PubKey5: `0x${String(i).repeat(96)}`,
  WithdrawalKind5: kind,
  ValidatorStatusCd5: status,
});

describe('the requests a validator row offers', () => {
  it('offers the upgrade to 0x01 validators and the partial withdrawal to 0x02 ones, only when active', () => {
    expect(offeredRequests(v(1, '0x01'))).toEqual(['upgrade', 'consolidation', 'exit']);
    expect(offeredRequests({ PubKey5: '0x1', ValidatorStatusCd5: '3' })).toEqual([
      'upgrade',
      'consolidation',
      'exit',
    ]);
    expect(offeredRequests(v(2, '0x02'))).toEqual(['consolidation', 'partialWithdrawal', 'exit']);
    for (const status of ['', '0', '1', '2', '4', '6', '7'])
      expect(offeredRequests(v(2, '0x02', status))).toEqual([]);
  });

  it("consolidates only into the customer's other active 0x02 validators", () => {
    const all = [v(1, '0x01'), v(2, '0x02'), v(3, '0x02', '4'), v(4, '0x02'), v(5, '0x02', '2')];
    expect(consolidationTargets(all, all[0]!)).toEqual([all[1], all[3]]);
    expect(consolidationTargets(all, all[1]!)).toEqual([all[3]]);
  });
});

describe('fee and wallet', () => {
  it('shows the fee and the buffered value in ETH', () => {
    expect(feeText(1n)).toBe('0.000000000000000001 ETH');
    expect(quoteText({ fee: 10n ** 15n, value: 15n * 10n ** 14n })).toBe(
      'Fee now: 0.001 ETH. Sent with the request (with a buffer for a rising fee): 0.0015 ETH.',
    );
  });

  it('sends only from the withdrawal address, in any spelling', () => {
    const a = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
    expect(isWithdrawalWallet(a, a.toLowerCase())).toBe(true);
    expect(isWithdrawalWallet(undefined, a)).toBe(false);
    expect(isWithdrawalWallet(a, null)).toBe(false);
    expect(isWithdrawalWallet(a, `0x${'11'.repeat(20)}`)).toBe(false);
  });
});
