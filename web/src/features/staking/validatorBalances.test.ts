import { describe, expect, it } from 'vitest';
import {
  effectiveText,
  headlineEth,
  stakedBalance,
  stakedEffectiveEth,
  validatorKind,
} from './validatorBalances.ts';

const rows = [
  // a 0x02 validator of 64 ETH with its rewards compounded
  { ValidatorStatusCd5: '3', Balance5: '64.012345678', EffectiveGwei5: 64_000_000_000, ChainKind5: '0x02' },
  // a 0x01 validator, on the beacon chain
  { ValidatorStatusCd5: '3', Balance5: '32.000000100', EffectiveGwei5: 32_000_000_000, ChainKind5: '0x01' },
  // a deposit the beacon chain has not listed yet: its deposit amount
  {
    ValidatorStatusCd5: '1',
    Balance5: null,
    EffectiveGwei5: null,
    WithdrawalKind5: '0x02',
    DepositGwei5: 100_000_000_000,
  },
  // exited: not staked any more
  { ValidatorStatusCd5: '7', Balance5: '32', EffectiveGwei5: 32_000_000_000 },
];

describe('the ETH the dashboard counts', () => {
  it('adds the balances for Total Staked, not 32 per validator', () => {
    expect(stakedBalance(rows)).toBe('196.012345778000000000');
    expect(headlineEth(stakedBalance(rows))).toBe('196.0123');
    expect(headlineEth('64.000000000')).toBe('64');
    expect(headlineEth('0')).toBe('0');
    expect(stakedEffectiveEth(rows)).toBe('196');
  });

  it('names the kind the beacon chain holds, and the effective balance once known', () => {
    expect(rows.map(validatorKind)).toEqual(['0x02', '0x01', '0x02', '0x01']);
    // An upgraded validator: signed as 0x01, 0x02 on the chain.
    expect(validatorKind({ WithdrawalKind5: '0x01', ChainKind5: '0x02' })).toBe('0x02');
    expect(effectiveText(rows[0]!)).toBe('64 ETH');
    expect(effectiveText(rows[2]!)).toBe('-');
  });
});
