import { describe, expect, it } from 'vitest';
import { comeBackOpen, exitLine, lastExitText, type ExitEntry } from './terminationRules.ts';

const v = (code: string, index = 7) => ({
  ValidatorStatusCd5: code,
  ValidatorIndex5: index,
  PubKey5: `0xk${index}`,
});
const exit = (state: ExitEntry['State'], expected: string | null = '2026-11-29T16:44:48Z'): ExitEntry => ({
  PubKey: '0xk7',
  ValidatorIndex: '7',
  State: state,
  ExitEpoch: '1000',
  ExitUtc: '2026-11-28T13:20:00Z',
  WithdrawableEpoch: '1256',
  WithdrawableUtc: '2026-11-28T16:44:48Z',
  EthExpectedUtc: expected,
});
const before = Date.parse('2026-11-28T12:00:00Z');
const after = Date.parse('2026-11-28T14:00:00Z');

describe('a terminated account: exits and coming back', () => {
  it("tells each exit's true state and the date its ETH is expected", () => {
    expect(exitLine(v('4'), exit('exiting'), before)).toEqual({
      name: 'Validator 7',
      pubkey: '0xk7',
      state: 'Exiting: leaves the beacon chain on 28 Nov 2026, 13:20 UTC',
      eth: 'ETH expected by 29 Nov 2026, 16:44 UTC',
    });
    expect(exitLine(v('7'), exit('exited'), after).state).toBe('Exited on 28 Nov 2026, 13:20 UTC');
    expect(exitLine(v('6'), exit('withdrawn', null), after)).toMatchObject({
      state: 'Withdrawn',
      eth: 'ETH paid to your withdrawal address',
    });
    // Asked to exit, not yet scheduled by the chain: no date is made up.
    expect(exitLine(v('4'), undefined, after)).toMatchObject({
      state: 'Exit requested: waiting for the beacon chain to schedule it',
      eth: null,
    });
  });

  it('opens coming back once every deposited validator has exited', () => {
    expect(comeBackOpen([v('7'), v('6'), v('')])).toBe(true);
    expect(comeBackOpen([v('7'), v('4')])).toBe(false);
    expect(comeBackOpen([v('3')])).toBe(false);
  });

  it('says when the last exit happens, once the chain has scheduled every one', () => {
    expect(lastExitText([v('4'), v('7', 8)], [exit('exiting')])).toBe('28 Nov 2026, 13:20 UTC');
    expect(lastExitText([v('4')], [])).toBeNull();
  });
});
