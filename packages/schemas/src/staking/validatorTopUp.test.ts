import { describe, expect, it } from 'vitest';
import { depositAmountMessages } from './deposit.ts';
import { stakeChoiceForm } from './prepareDeposits.ts';
import {
  topUpForm,
  topUpLimitEth,
  topUpMessages,
  topUpProblem,
  topUpSentBody,
  topUpValidatorBody,
  type TopUpTarget,
} from './validatorTopUp.ts';

const ETH = 1_000_000_000n;
const PUBKEY = `0x${'ab'.repeat(48)}`;
const compounding = (balanceEth: bigint, pendingEth = 0n): TopUpTarget => ({
  kind: '0x02',
  balanceGwei: balanceEth * ETH,
  pendingGwei: pendingEth * ETH,
  active: true,
});
const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => i.message);

describe('top-up limits', () => {
  it('lets a 0x02 validator grow to 2048 ETH, pending top-ups included', () => {
    expect(topUpLimitEth(compounding(64n))).toBe(1984);
    expect(topUpLimitEth(compounding(64n, 10n))).toBe(1974);
    // A part of an ETH of room is not a whole ETH.
    expect(topUpLimitEth({ ...compounding(2047n), balanceGwei: 2047n * ETH + 1n })).toBe(0);
    expect(topUpLimitEth(compounding(2100n))).toBe(0);
  });

  it('takes 1 to the limit and names the limit beyond it', () => {
    expect(topUpProblem(compounding(64n), 10)).toBeNull();
    expect(topUpProblem(compounding(64n), 1984)).toBeNull();
    expect(topUpProblem(compounding(64n), 1985)).toBe(topUpMessages.tooMuch(1984));
    expect(topUpMessages.tooMuch(1984)).toBe(
      'You can add at most 1984 ETH to this validator (2048 ETH in all, pending top-ups included).',
    );
    expect(topUpProblem(compounding(64n), 0)).toBe('A deposit must be between 1 and 2048 ETH');
    expect(topUpProblem(compounding(64n), 2.5)).toBe(depositAmountMessages.wholeEth);
    expect(topUpProblem(compounding(2048n), 1)).toBe(topUpMessages.full);
  });

  it('refuses a 0x01 validator and one that is not active, saying why', () => {
    expect(topUpProblem({ ...compounding(32n), kind: '0x01' }, 1)).toBe(topUpMessages.regularRefused);
    expect(topUpMessages.regularRefused).toMatch(/swept back to your withdrawal address/);
    expect(topUpProblem({ ...compounding(32n), active: false }, 1)).toBe(topUpMessages.notActive);
  });

  it('gives the form the same message on amountEth', () => {
    const r = topUpForm(compounding(2040n)).safeParse({ amountEth: '10' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({ path: ['amountEth'], message: topUpMessages.tooMuch(8) });
    expect(topUpForm(compounding(64n)).parse({ amountEth: '10' })).toEqual({ amountEth: 10 });
    // The validator's own refusal comes first, whatever was typed.
    expect(
      topUpForm({ ...compounding(32n), kind: '0x01' }).safeParse({ amountEth: '' }).error?.issues[0]?.message,
    ).toBe(topUpMessages.regularRefused);
    expect(topUpForm(compounding(64n)).safeParse({ amountEth: '' }).error?.issues[0]?.message).toBe(
      depositAmountMessages.wholeEth,
    );
  });
});

describe('TopUpValidator and TopUpSent bodies', () => {
  it('take a pubkey and 1 to 2048 whole ETH', () => {
    const ok = topUpValidatorBody.safeParse({ walletAddress: '0xabc', pubkey: PUBKEY, amountEth: '10' });
    expect(ok.data).toEqual({ walletAddress: '0xabc', pubkey: PUBKEY, amountEth: 10 });
    const bad = (amountEth: unknown) =>
      messages(topUpValidatorBody.safeParse({ walletAddress: '0xabc', pubkey: PUBKEY, amountEth }));
    expect(bad(0)).toEqual(['A deposit must be between 1 and 2048 ETH']);
    expect(bad(2049)).toEqual(['A deposit must be between 1 and 2048 ETH']);
    expect(bad(1.5)).toEqual([depositAmountMessages.wholeEth]);
    expect(bad('ten')).toEqual([depositAmountMessages.wholeEth]);
    expect(
      topUpValidatorBody.safeParse({ walletAddress: '0xabc', pubkey: '0x12', amountEth: 1 }).success,
    ).toBe(false);
  });

  it('TopUpSent takes a transaction hash', () => {
    expect(topUpSentBody.safeParse({ topUpId: 3, txHash: `0x${'a'.repeat(64)}` }).success).toBe(true);
    expect(topUpSentBody.safeParse({ topUpId: 3, txHash: '0x12' }).success).toBe(false);
  });
});

describe('the stake page choice', () => {
  const choice = (kind: string, amountEth: unknown, numberOfValidators: unknown = 1) =>
    stakeChoiceForm.safeParse({ kind, amountEth, numberOfValidators });

  it('takes 0x02 of 32 to 2048 whole ETH and 0x01 of exactly 32', () => {
    expect(choice('0x02', '64').data).toEqual({ kind: '0x02', amountEth: 64, numberOfValidators: 1 });
    expect(choice('0x02', 2048, 3).success).toBe(true);
    expect(choice('0x01', 32, 5).success).toBe(true);
  });

  it('answers an amount the kind does not take on amountEth, with the server messages', () => {
    expect(choice('0x02', 31).error?.issues[0]).toMatchObject({
      path: ['amountEth'],
      message: 'A compounding (0x02) validator takes between 32 and 2048 ETH',
    });
    expect(messages(choice('0x02', 2049))).toEqual([depositAmountMessages.compoundingRange]);
    expect(messages(choice('0x02', 40.5))).toEqual([depositAmountMessages.wholeEth]);
    expect(messages(choice('0x01', 64))).toEqual([depositAmountMessages.regularAmount]);
    expect(messages(choice('0x03', 32))).toEqual([depositAmountMessages.kind]);
    expect(messages(choice('0x02', 64, 0))).toEqual(['Enter the number of validators to create']);
  });
});
