import { describe, expect, it } from 'vitest';
import {
  StakeMessages,
  STAKE_PAGE_KIND,
  amountForKind,
  amountPerValidatorError,
  validatorKindTexts,
  balanceError,
  canContinue,
  depositResetsForm,
  isBlockedCountKey,
  maxAffordableValidators,
  networkMismatch,
  parseValidatorCount,
  stakeAmountEth,
  stakeAmountWei,
  stakeSummary,
} from './stakeRules.ts';

const ADDR = '0x8ba1f109551bd432803012645ac136ddd64dba72';

describe('validator-count input', () => {
  it('blocks e, E, +, - and . and lets digits through', () => {
    for (const k of ['e', 'E', '+', '-', '.']) expect(isBlockedCountKey(k)).toBe(true);
    for (const k of ['0', '7', 'Backspace', 'ArrowUp']) expect(isBlockedCountKey(k)).toBe(false);
  });

  it('keeps whole numbers of at least 0, dropping decimals; empty stays empty', () => {
    expect(parseValidatorCount('3')).toBe(3);
    expect(parseValidatorCount('2.9')).toBe(2);
    expect(parseValidatorCount('-4')).toBe(0);
    expect(parseValidatorCount(5.5)).toBe(5);
    expect(parseValidatorCount('')).toBeNull();
    expect(parseValidatorCount('abc')).toBeNull();
    expect(parseValidatorCount(undefined)).toBeNull();
  });
});

describe('amount, balance and Continue', () => {
  it('derives 32 ETH per validator', () => {
    expect(stakeAmountEth(null)).toBe(0);
    expect(stakeAmountEth(2)).toBe(64);
    expect(stakeAmountWei(2)).toBe(64n * 10n ** 18n);
    expect(stakeSummary(3, ` ${ADDR} `)).toEqual({
      kind: 'Regular (0x01)',
      validators: 3,
      ethPerValidator: 32,
      totalEth: 96,
      withdrawalAddress: ADDR,
    });
  });

  it('says so when the amount exceeds the wallet balance', () => {
    const hundred = 100n * 10n ** 18n;
    expect(balanceError(3, hundred)).toBeNull();
    expect(balanceError(4, undefined)).toBeNull();
    expect(balanceError(0, 0n)).toBeNull();
  });

  it("says the spec's sentence verbatim, and beside it the most the wallet can pay for (32 ETH each plus gas)", () => {
    const hundred = 100n * 10n ** 18n;
    expect(balanceError(4, hundred)).toEqual({
      message:
        'You are staking more ETH than you have in your wallet. Please refresh this page and try again.',
      capacity: 'This wallet can pay for at most 3 validators (3 × 32 = 96 ETH, plus gas).',
    });
    const gwei = 10n ** 9n;
    // 96 ETH exactly: three validators leave nothing for gas, so two is the most.
    expect(maxAffordableValidators(96n * 10n ** 18n, 10n * gwei)).toBe(2);
    expect(balanceError(3, 96n * 10n ** 18n, 10n * gwei)?.capacity).toMatch(
      /at most 2 validators \(2 × 32 = 64 ETH/,
    );
    expect(balanceError(1, 40n * 10n ** 18n, 10n * gwei)).toBeNull();
    expect(balanceError(2, 40n * 10n ** 18n)?.capacity).toMatch(
      /at most 1 validator \(1 × 32 = 32 ETH, plus gas\)\.$/,
    );
    expect(balanceError(1, 31n * 10n ** 18n)).toEqual({
      message: StakeMessages.tooMuch,
      capacity: 'One validator needs 32 ETH plus gas; this wallet holds less.',
    });
    expect(maxAffordableValidators(10_000n * 10n ** 18n, gwei)).toBe(312);
  });

  it('allows Continue only with an amount, no error, no busy transaction and a ticked address', () => {
    const ok = { count: 2, error: null, txBusy: false, addressConfirmed: true, withdrawalAddress: ADDR };
    expect(canContinue(ok)).toBe(true);
    expect(canContinue({ ...ok, count: 0 })).toBe(false);
    expect(canContinue({ ...ok, count: null })).toBe(false);
    expect(canContinue({ ...ok, error: StakeMessages.tooMuch })).toBe(false);
    expect(canContinue({ ...ok, txBusy: true })).toBe(false);
    expect(canContinue({ ...ok, addressConfirmed: false })).toBe(false);
  });
});

describe('kind and ETH per validator (issue 25)', () => {
  it('offers 0x02 first and derives the total from the amount per validator', () => {
    expect(STAKE_PAGE_KIND).toBe('0x02');
    expect(validatorKindTexts['0x02'].explained).toBe(
      'Rewards compound: one validator can hold up to 2048 ETH.',
    );
    expect(stakeAmountEth(1, 64)).toBe(64);
    expect(stakeAmountWei(2, 100)).toBe(200n * 10n ** 18n);
    expect(stakeSummary(1, ADDR, '0x02', 64)).toEqual({
      kind: 'Compounding (0x02)',
      validators: 1,
      ethPerValidator: 64,
      totalEth: 64,
      withdrawalAddress: ADDR,
    });
  });

  it("judges the amount with the server's rules and messages; 0x01 is always 32", () => {
    expect(amountPerValidatorError('0x02', 64)).toBeNull();
    expect(amountPerValidatorError('0x02', 2048)).toBeNull();
    expect(amountPerValidatorError('0x02', 31)).toBe(
      'A compounding (0x02) validator takes between 32 and 2048 ETH',
    );
    expect(amountPerValidatorError('0x02', 2049)).toBe(
      'A compounding (0x02) validator takes between 32 and 2048 ETH',
    );
    expect(amountPerValidatorError('0x02', null)).toBe('Enter a whole number of ETH');
    expect(amountForKind('0x01', 64)).toBe(32);
    expect(amountForKind('0x02', 64)).toBe(64);
  });

  it('weighs the wallet balance against the amount per validator', () => {
    const wei = (eth: bigint) => eth * 10n ** 18n;
    expect(balanceError(1, wei(70n), 0n, 64)).toBeNull();
    expect(balanceError(2, wei(70n), 0n, 64)).toEqual({
      message: StakeMessages.tooMuch,
      capacity: 'This wallet can pay for at most 1 validator (1 × 64 = 64 ETH, plus gas).',
    });
  });
});

describe('network and re-sync guard', () => {
  it('aborts when the saved network is not the connected chain', () => {
    expect(networkMismatch('88', 88)).toBe(false);
    expect(networkMismatch(1, 88)).toBe(true);
    expect(networkMismatch(undefined, 88)).toBe(false);
  });

  it('resets the form only for a deposit confirmed at least 5 s after the last sync', () => {
    expect(depositResetsForm(10_000, null)).toBe(true);
    expect(depositResetsForm(10_000, 6_000)).toBe(false);
    expect(depositResetsForm(11_000, 6_000)).toBe(true);
  });
});
