import { Decimal } from '@payd/protocol';
import { describe, expect, it } from 'vitest';
import {
  checkQueueAmount,
  checkValidatorCount,
  countHint,
  depositPreview,
  liquidLabels,
  liquidMessages,
  maxQueueText,
  maxValidators,
  poolRows,
  positionText,
  queueView,
  type QueueState,
} from './liquidRules.ts';

const d = (v: string | number) => Decimal.from(v);
const limits = (available: number, balance: string | number) => ({
  availableValidators: available,
  validatorAmt: d(32),
  accountBalance: d(balance),
});
const notQueued = (feth: string | number): QueueState => ({
  fethBalance: d(feth),
  fethSwapDeposit: Decimal.ZERO,
  ethSwapClaim: Decimal.ZERO,
  fethQueuePosition: { position: 0, fethAhead: Decimal.ZERO },
});

describe('checkValidatorCount', () => {
  it('takes 2 validators for 64 ETH when 10 are available and the wallet holds 100 ETH', () => {
    const c = checkValidatorCount('2', limits(10, 100));
    expect(c.kind).toBe('ok');
    if (c.kind === 'ok') {
      expect(c.count).toBe(2);
      expect(c.ethNeeded.toString()).toBe('64');
    }
  });
  it('refuses anything but a whole number of at least 1', () => {
    expect(checkValidatorCount('', limits(10, 100))).toEqual({ kind: 'empty' });
    expect(checkValidatorCount('1.5', limits(10, 100))).toEqual({
      kind: 'error',
      message: liquidMessages.wholeNumber,
    });
    expect(checkValidatorCount('-1', limits(10, 100))).toMatchObject({ message: liquidMessages.wholeNumber });
    expect(checkValidatorCount('0', limits(10, 100))).toMatchObject({ message: liquidMessages.atLeastOne });
  });
  it('refuses more than 50 in one deposit, whatever is available', () => {
    expect(checkValidatorCount('51', limits(200, 10_000))).toMatchObject({
      message: 'At most 50 validators can be deposited in one transaction (you chose 51)',
    });
    expect(checkValidatorCount('50', limits(200, 10_000)).kind).toBe('ok');
  });
  it('refuses more than the pool has available', () => {
    expect(checkValidatorCount('3', limits(2, 1000))).toMatchObject({
      message: 'Only 2 validators are available',
    });
    expect(checkValidatorCount('2', limits(1, 1000))).toMatchObject({
      message: 'Only 1 validator is available',
    });
    expect(checkValidatorCount('1', limits(0, 1000))).toMatchObject({
      message: liquidMessages.noneAvailable,
    });
  });
  it('refuses a deposit the wallet cannot pay with gas to spare', () => {
    expect(checkValidatorCount('4', limits(10, 100))).toMatchObject({
      message: 'You need 128 ETH plus gas; your wallet holds 100.0000 ETH',
    });
    // Exactly 64 ETH leaves nothing for the gas.
    expect(checkValidatorCount('2', limits(10, 64)).kind).toBe('error');
    expect(checkValidatorCount('2', limits(10, '64.01')).kind).toBe('ok');
  });
});

describe('maxValidators', () => {
  it('is the least of 50, the available validators and what the ETH pays for', () => {
    expect(maxValidators(limits(10, 100))).toBe(3);
    expect(maxValidators(limits(2, 100))).toBe(2);
    expect(maxValidators(limits(200, 100_000))).toBe(50);
    expect(maxValidators(limits(10, 96))).toBe(2);
    expect(maxValidators(limits(10, 0))).toBe(0);
  });
});

describe('countHint', () => {
  it('gives the range, or says why no deposit is possible', () => {
    expect(countHint(limits(10, 100))).toBe(
      'From 1 to 3 (at most 50 at once, within the validators available and your ETH)',
    );
    expect(countHint(limits(1, 100))).toBe('1 validator at most right now');
    expect(countHint(limits(0, 100))).toBe(liquidMessages.noneAvailable);
    expect(countHint(limits(5, 26))).toBe('You need 32 ETH plus gas; your wallet holds 26.0000 ETH');
  });
});

describe('depositPreview', () => {
  it('mints 1 FETH for each ETH sent and takes the validators from those available', () => {
    const p = depositPreview(2, limits(5, 100), d(10));
    expect(p.ethSent.toString()).toBe('64');
    expect(p.fethMinted.toString()).toBe('64');
    expect(p.fethAfter.toString()).toBe('74');
    expect(p.ethAfter.toString()).toBe('36');
    expect(p.availableAfter).toBe(3);
  });
});

describe('the swap queue', () => {
  it('takes an amount within the FETH balance when nothing is queued', () => {
    const c = checkQueueAmount('40', notQueued(64));
    expect(c.kind).toBe('ok');
    expect(checkQueueAmount('64', notQueued(64)).kind).toBe('ok');
  });
  it('refuses more than the balance, zero, bad input and an empty balance', () => {
    expect(checkQueueAmount('64.5', notQueued(64))).toMatchObject({
      kind: 'error',
      message: 'That is more than your FETH balance (64.0000 FETH)',
    });
    expect(checkQueueAmount('0', notQueued(64))).toMatchObject({ message: 'Enter an amount above 0' });
    expect(checkQueueAmount('4o', notQueued(64))).toMatchObject({ message: 'bad decimal format' });
    expect(checkQueueAmount('1', notQueued(0))).toMatchObject({ message: liquidMessages.noFETH });
    expect(checkQueueAmount('', notQueued(64))).toEqual({ kind: 'empty' });
  });
  it('refuses a second entry while one is open, one entry per address', () => {
    const queued: QueueState = {
      fethBalance: d(24),
      fethSwapDeposit: d(40),
      ethSwapClaim: Decimal.ZERO,
      fethQueuePosition: { position: 2, fethAhead: d(10) },
    };
    expect(checkQueueAmount('5', queued)).toMatchObject({ message: liquidMessages.alreadyQueued });
  });
  it('lets a person queue again once their entry is filled, with ETH still to claim', () => {
    const filled: QueueState = { ...notQueued(24), ethSwapClaim: d(40) };
    expect(checkQueueAmount('5', filled).kind).toBe('ok');
    const v = queueView(filled);
    expect(v.queued).toBe(false);
    expect(v.canClaim).toBe(true);
    expect(v.canCancel).toBe(false);
  });
  it('shows the place in line, the FETH ahead, the unfilled and the filled parts', () => {
    const v = queueView({
      fethBalance: d(24),
      fethSwapDeposit: d(30),
      ethSwapClaim: d(10),
      fethQueuePosition: { position: 3, fethAhead: d(100) },
    });
    expect(v.position).toBe(3);
    expect(v.fethAhead.toString()).toBe('100');
    expect(v.unfilled.toString()).toBe('30');
    expect(v.toClaim.toString()).toBe('10');
    expect(v.canCancel && v.canClaim).toBe(true);
    expect(positionText(v)).toBe('3rd in line');
    expect(
      positionText(queueView({ ...notQueued(1), fethQueuePosition: { position: 1, fethAhead: d(0) } })),
    ).toBe('First in line');
    expect(positionText(queueView(notQueued(1)))).toBe('Not in the queue');
  });
  it('offers to cancel FETH whose processing failed, out of the live queue', () => {
    const v = queueView({ ...notQueued(0), fethSwapDeposit: d(5) });
    expect(v.stuck).toBe(true);
    expect(v.canCancel).toBe(true);
    expect(positionText(v)).toBe('Out of the queue');
  });
  it('types the whole balance with Max', () => {
    expect(maxQueueText(Decimal.fromRaw(64_000_000_000_000_000_001n))).toBe('64.000000000000000001');
  });
});

describe('labels and pool figures', () => {
  it('names each transaction in the status bar', () => {
    expect(liquidLabels.deposit(2, d(64))).toBe('Deposit 2 validators for 64 FETH');
    expect(liquidLabels.deposit(1, d(32))).toBe('Deposit 1 validator for 32 FETH');
    expect(liquidLabels.queue(d(40))).toBe('Queue 40.0000 FETH for ETH');
    expect(liquidLabels.claim(d(40))).toBe('Claim 40.0000 ETH');
  });
  it('shows every pool figure, rewards included', () => {
    const rows = poolRows({
      totalStakedETH: d(64),
      availableValidators: 8,
      unfilledFETHInQueue: d(40),
      deactivatedETHInProgress: d(64),
      freeETH: d(0),
      claimableETH: d(0),
      totalLifetimeStakingRewards: d('0.5'),
      totalLifetimeMiningRewards: d('0.25'),
      currentRewards: d('0.75'),
      totalRewardsDistributed: d('0.6'),
    });
    expect(rows.map((r) => r.label)).toEqual([
      'Total staked',
      'Validators available',
      'FETH waiting in the queue',
      'ETH on its way',
      'Free ETH',
      'Claimable ETH',
      'Lifetime staking rewards',
      'Lifetime mining rewards',
      'Latest report',
      'Total rewards distributed',
    ]);
    expect(rows[0]!.value).toBe('64.0000 ETH');
    expect(rows[1]!.value).toBe('8');
    expect(rows[2]!.value).toBe('40.0000 FETH');
    expect(rows[9]!.value).toBe('0.600000 ETH');
  });
});
