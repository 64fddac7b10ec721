import { describe, expect, it } from 'vitest';
import {
  checkValidatorRequestBody,
  ethTextToGwei,
  gweiToEthText,
  requestTimeText,
  validatorRequestFieldMessages,
  validatorRequestMessages,
  validatorRequestReasonText,
} from './validatorRequests.ts';

const KEY = `0x${'ab'.repeat(48)}`;
const OTHER = `0x${'cd'.repeat(48)}`;
const issues = (body: unknown) => {
  const r = checkValidatorRequestBody.safeParse(body);
  return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
};

describe('CheckValidatorRequest body', () => {
  it('takes the four kinds and writes keys in lower case with 0x', () => {
    const r = checkValidatorRequestBody.parse({
      walletAddress: '0xA',
      kind: 'upgrade',
      pubkey: KEY.slice(2).toUpperCase(),
    });
    expect(r.pubkey).toBe(KEY);
    expect(issues({ walletAddress: '0xA', kind: 'exit', pubkey: KEY })).toEqual([]);
    expect(issues({ walletAddress: '0xA', kind: 'leave', pubkey: KEY })).toEqual([
      ['kind', validatorRequestFieldMessages.kind],
    ]);
  });

  it('needs a target other than the source for a consolidation', () => {
    expect(issues({ walletAddress: '0xA', kind: 'consolidation', pubkey: KEY })).toEqual([
      ['targetPubkey', validatorRequestFieldMessages.target],
    ]);
    expect(issues({ walletAddress: '0xA', kind: 'consolidation', pubkey: KEY, targetPubkey: KEY })).toEqual([
      ['targetPubkey', validatorRequestFieldMessages.sameTarget],
    ]);
    expect(issues({ walletAddress: '0xA', kind: 'consolidation', pubkey: KEY, targetPubkey: OTHER })).toEqual(
      [],
    );
  });

  it('needs a positive uint64 amount for a partial withdrawal', () => {
    const body = { walletAddress: '0xA', kind: 'partialWithdrawal', pubkey: KEY };
    expect(issues(body)).toEqual([['amountGwei', validatorRequestFieldMessages.amount]]);
    expect(issues({ ...body, amountGwei: '0' })).toEqual([
      ['amountGwei', validatorRequestFieldMessages.amount],
    ]);
    expect(issues({ ...body, amountGwei: '18446744073709551616' })).toEqual([
      ['amountGwei', validatorRequestFieldMessages.amount],
    ]);
    expect(issues({ ...body, amountGwei: '18446744073709551615' })).toEqual([]);
  });

  it('refuses an amount that is not digits with the field named, for any kind (never a throw)', () => {
    for (const kind of ['partialWithdrawal', 'exit'])
      for (const amountGwei of ['x x', '0.001', '1e20', '-0.01', '1.'])
        expect(issues({ walletAddress: '0xA', kind, pubkey: KEY, amountGwei })).toContainEqual([
          'amountGwei',
          validatorRequestFieldMessages.amount,
        ]);
  });
});

describe('amounts in ETH and gwei', () => {
  it('reads ETH with up to 9 decimals', () => {
    expect(ethTextToGwei('20')).toBe(20_000_000_000n);
    expect(ethTextToGwei(' 0.5 ')).toBe(500_000_000n);
    expect(ethTextToGwei('1.000000001')).toBe(1_000_000_001n);
    for (const bad of ['0', '0.0', '1.0000000001', '-1', '1,5', '', 'abc', '1e3'])
      expect(ethTextToGwei(bad), bad).toBeNull();
  });

  it('writes gwei as ETH without trailing zeros', () => {
    expect(gweiToEthText(23_000_000_000n)).toBe('23');
    expect(gweiToEthText('500000000')).toBe('0.5');
    expect(gweiToEthText(1_000_000_001n)).toBe('1.000000001');
  });
});

describe('reason texts', () => {
  it('says when a request of a young validator is accepted', () => {
    expect(requestTimeText('2026-11-29T14:05:30.000Z')).toBe('29 Nov 2026, 14:05 UTC');
    expect(
      validatorRequestReasonText(
        'activeTooShort',
        { shardCommitteePeriod: '256', allowedFromEpoch: '1001', allowedFromUtc: '2026-11-29T14:05:00.000Z' },
        true,
      ),
    ).toBe(
      `This validator has been active for less than 256 epochs. The request is accepted from epoch 1001, 29 Nov 2026, 14:05 UTC. ${validatorRequestMessages.ignoredBySpec}`,
    );
  });

  it('names the most that can be withdrawn, and that payd sent nothing', () => {
    expect(
      validatorRequestReasonText('amountAboveWithdrawable', { withdrawableGwei: '23000000000' }, false),
    ).toBe(
      `At most 23 ETH can be withdrawn now (the balance above 32 ETH less the partial withdrawals already pending). Enter a smaller amount. ${validatorRequestMessages.refusedByPayd}`,
    );
  });
});
