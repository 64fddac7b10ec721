import { describe, expect, it } from 'vitest';
import {
  ValidatorMessages,
  activationText,
  beaconExplorerUrl,
  dashboardValidators,
  exitDisabledReason,
  exitedBalance,
  readyToExitText,
  isReauthRequired,
  isWithdrawable,
  withdrawDisabledReason,
  withdrawConfirmText,
  liveValidators,
  pageOf,
  parseCount,
  shortKey,
  stakedCount,
  uptimeText,
  validatorBadgeColor,
  validatorIndexText,
  validatorName,
  validatorOptionLabel,
  withdrawError,
  wordRows,
  type ValidatorRow,
} from './validatorsRules.ts';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const v = (code: string, activationAgoMs: number | null, index: number | null = 1): ValidatorRow => ({
  ValidatorStatusCd5: code,
  ActivationUtc5: activationAgoMs === null ? null : new Date(NOW - activationAgoMs).toISOString(),
  ValidatorIndex5: index,
  PubKey5: '0x' + 'ab'.repeat(48),
});

describe('validator codes on the dashboard', () => {
  const all = ['', '0', '1', '2', '3', '4', '5', '6', '7'].map((c) => v(c, DAY));
  it('lists codes 1, 2, 3, 4, 6, 7 and counts 1, 2, 3, 4 toward Total Staked (exited ones leave it)', () => {
    expect(dashboardValidators(all).map((x) => x.ValidatorStatusCd5)).toEqual(['1', '2', '3', '4', '6', '7']);
    expect(stakedCount(all)).toBe(4);
    const exited = { ...v('7', 3 * DAY), Balance5: '32.002624400000000000' };
    expect(exitedBalance([exited, v('3', DAY), { ...exited }])).toEqual({
      count: 2,
      eth: '64.005248800000000000',
    });
    expect(liveValidators(all).map((x) => x.ValidatorStatusCd5)).toEqual(['1', '2', '3']);
  });
  it('gives code 6 a grey badge and the others green', () => {
    expect(validatorBadgeColor('6')).toBe('gray');
    for (const c of ['1', '2', '3', '4', '7']) expect(validatorBadgeColor(c)).toBe('green');
  });
});

describe('uptime', () => {
  it('counts down to activation below code 3, or shows a dash without activation time', () => {
    expect(uptimeText(v('2', -(2 * DAY + 5 * HOUR + 10)), NOW)).toBe('Active in ~2 days, 5 hours');
    expect(uptimeText(v('1', -(1 * HOUR)), NOW)).toBe('Active in ~0 days, 1 hour');
    // Not '~0 days, 0 hours': under an hour says so.
    expect(uptimeText(v('1', -(59 * 60_000)), NOW)).toBe('Active in under an hour');
    expect(uptimeText(v('1', 0), NOW)).toBe('Active in under an hour');
    expect(uptimeText(v('3', DAY + HOUR), NOW)).toBe('1 day, 1 hour');
    expect(uptimeText(v('1', null), NOW)).toBe('-');
  });
  it('shows the time since activation from code 3 on, and a dash for code 6', () => {
    expect(uptimeText(v('3', 3 * DAY + 2 * HOUR), NOW)).toBe('3 days, 2 hours');
    expect(uptimeText(v('7', DAY), NOW)).toBe('1 day, 0 hours');
    expect(uptimeText(v('6', 30 * DAY), NOW)).toBe('-');
  });
  it('stops at the exit once the validator has exited', () => {
    const exitedAt = new Date(NOW - 10 * DAY).toISOString();
    expect(uptimeText({ ...v('7', 13 * DAY + 4 * HOUR), ExitUtc5: exitedAt }, NOW)).toBe('3 days, 4 hours');
    expect(uptimeText({ ...v('4', 13 * DAY + 4 * HOUR), ExitUtc5: exitedAt }, NOW + 30 * DAY)).toBe(
      '3 days, 4 hours',
    );
    // An exit epoch still ahead: the validator is still at work.
    const ahead = new Date(NOW + HOUR).toISOString();
    expect(uptimeText({ ...v('4', 2 * DAY), ExitUtc5: ahead }, NOW)).toBe('2 days, 0 hours');
  });
  it('tells a waiting validator its place in the queue and roughly when it becomes active', () => {
    const at = new Date(NOW + 5 * HOUR + 60_000).toISOString();
    const waiting = { ...v('1', null), PubKey5: '0xaa' };
    expect(
      activationText(waiting, { Position: 3, QueueLength: 7, Scheduled: false, ActivationUtc: at }, NOW),
    ).toBe('3 of 7 in the activation queue · active in ~0 days, 5 hours (about 22 Nov 2026, 17:01 UTC)');
    expect(
      activationText(
        v('2', -HOUR),
        { Position: null, QueueLength: 7, Scheduled: true, ActivationUtc: at },
        NOW,
      ),
    ).toBe('Active in ~0 days, 5 hours (on 22 Nov 2026, 17:01 UTC)');
    expect(
      activationText(
        v('3', DAY),
        { Position: null, QueueLength: 0, Scheduled: true, ActivationUtc: at },
        NOW,
      ),
    ).toBeNull();
    expect(activationText(waiting, undefined, NOW)).toBeNull();
  });
  it("tells when a validator that is not ready yet may exit (the 2-day rule on the chain's clock)", () => {
    const row = { ...v('3', DAY), ActivationUtc5: '2026-11-21T09:05:30Z' };
    expect(isWithdrawable(row, NOW)).toBe(false);
    expect(readyToExitText(row)).toBe('Ready to exit on 23 Nov 2026, 09:05 UTC');
    expect(readyToExitText(v('2', null))).toBeNull();
  });
});

describe('withdraw rules', () => {
  it('speaks of one validator in the singular when confirming a withdrawal', () => {
    expect(withdrawConfirmText(1)).toMatch(
      /^You are withdrawing 1 validator \(32 ETH\)\. Its exit is signed/,
    );
    expect(withdrawConfirmText(2)).toMatch(
      /^You are withdrawing 2 validators \(64 ETH\)\. Their exits are signed/,
    );
  });

  it('disables Withdraw ETH with the reason when nothing can be withdrawn', () => {
    expect(withdrawDisabledReason([], NOW)).toBe(ValidatorMessages.nothingToWithdraw);
    expect(withdrawDisabledReason([v('7', 5 * DAY)], NOW)).toBe(ValidatorMessages.nothingToWithdraw);
    expect(withdrawDisabledReason([v('3', DAY)], NOW)).toBe(ValidatorMessages.notEnoughActive);
    expect(withdrawDisabledReason([v('3', 5 * DAY)], NOW)).toBeNull();
  });

  it('only code 3 validators activated more than 2 days (172,800,000 ms) ago are withdrawable', () => {
    expect(isWithdrawable(v('3', 172_800_001), NOW)).toBe(true);
    expect(isWithdrawable(v('3', 172_800_000), NOW)).toBe(false);
    expect(isWithdrawable(v('2', 5 * DAY), NOW)).toBe(false);
    expect(isWithdrawable(v('3', 5 * DAY, null), NOW)).toBe(false);
  });
  it('answers the two spec messages', () => {
    const all = [v('3', 3 * DAY), v('3', DAY), v('1', null)];
    expect(withdrawError(0, all, NOW)).toBeNull();
    expect(withdrawError(1, all, NOW)).toBeNull();
    expect(withdrawError(2, all, NOW)).toBe(ValidatorMessages.notEnoughActive);
    expect(withdrawError(4, all, NOW)).toBe(ValidatorMessages.drawingDownTooMuch);
    expect(ValidatorMessages.drawingDownTooMuch).toBe('You are drawing down more ETH than you have staked.');
    expect(ValidatorMessages.notEnoughActive).toBe(
      'Not enough active validator(s) to be withdrawn at this moment.',
    );
  });
  it('takes whole numbers from 0 for the count', () => {
    expect(parseCount('2.9')).toBe(2);
    expect(parseCount('-3')).toBe(0);
    expect(parseCount('')).toBe(0);
    expect(parseCount('abc')).toBe(0);
  });
});

describe('Exit Validator button', () => {
  it('is disabled without a row, for code 4, while busy and when the validator is not ready', () => {
    expect(exitDisabledReason([], false, NOW)).toBe('no-row');
    expect(exitDisabledReason([v('4', 5 * DAY)], false, NOW)).toBe('exiting');
    expect(exitDisabledReason([v('3', 5 * DAY)], true, NOW)).toBe('busy');
    expect(exitDisabledReason([v('3', DAY)], false, NOW)).toBe('not-ready');
    expect(exitDisabledReason([v('3', 5 * DAY)], false, NOW)).toBeNull();
  });
});

describe('display helpers', () => {
  it('shortens keys, links the beacon explorer (testnet on network 5) and pages by 5', () => {
    expect(shortKey('0x' + 'ab'.repeat(48))).toBe('0xabab…abab');
    expect(beaconExplorerUrl(12, 1)).toBe('https://beaconcha.in/validator/12');
    expect(beaconExplorerUrl('12', '5')).toBe('https://prater.beaconcha.in/validator/12');
    expect(beaconExplorerUrl(null, 1)).toBeNull();
    expect(beaconExplorerUrl(3, 560048)).toBe('https://hoodi.beaconcha.in/validator/3');
    // Chain 88 has no explorer: no link, neither mainnet's beaconcha.in nor the Beacon API's JSON.
    expect(beaconExplorerUrl(3, 88, 'http://127.0.0.1:5052')).toBeNull();
    expect(beaconExplorerUrl(3, 88)).toBeNull();
    const rows = Array.from({ length: 12 }, (_, i) => i);
    expect(pageOf(rows, 0)).toEqual({ rows: [0, 1, 2, 3, 4], pages: 3 });
    expect(pageOf(rows, 2)).toEqual({ rows: [10, 11], pages: 3 });
    expect(pageOf([], 0)).toEqual({ rows: [], pages: 1 });
  });
  it("names a validator by its index, else by its shortened public key (a phone card's title)", () => {
    expect(validatorName(v('3', DAY, 12))).toBe('Validator 12');
    expect(validatorName(v('3', DAY, 0))).toBe('Validator 0');
    expect(validatorName({ ...v('1', null, null), PubKey5: '0x' + 'ab'.repeat(47) + 'cd' })).toBe(
      '0xabababab…ababcd',
    );
    expect(validatorName({ ...v('1', null, null), ValidatorIndex5: '' })).toBe('0xabababab…ababab');
  });
  it('puts the 24 words in rows of 6', () => {
    const words = Array.from({ length: 24 }, (_, i) => `w${i}`).join(' ');
    const rows = wordRows(words);
    expect(rows).toHaveLength(4);
    expect(rows.every((r) => r.length === 6)).toBe(true);
    expect(rows[3]![5]).toBe('w23');
  });
});

describe('DisplayMnemonic re-authentication', () => {
  it("asks the person to confirm who they are only on the server's reauth_required answer", () => {
    const msg = 'Please confirm it is you';
    expect(isReauthRequired({ httpStatus: 403, subType: 'reauth_required', message: msg })).toBe(true);
    expect(isReauthRequired({ httpStatus: 403, subType: 'access_denied', message: 'Access denied' })).toBe(
      false,
    );
    expect(isReauthRequired({ httpStatus: 403, message: msg })).toBe(false);
    expect(isReauthRequired(null)).toBe(false);
  });
});

describe('a validator on the manage screen', () => {
  const key = `0x${'ab'.repeat(48)}`;

  it('is offered by its shortened key and its index', () => {
    expect(validatorOptionLabel({ PubKey5: key, ValidatorIndex5: 12 })).toBe(
      '0xabababab…abababab (index 12)',
    );
    expect(validatorOptionLabel({ PubKey5: key, ValidatorIndex5: '' })).toBe('0xabababab…abababab');
  });

  it("shows 'N/A' for an index it does not have yet", () => {
    expect(validatorIndexText({ ValidatorIndex5: 0 })).toBe('0');
    expect(validatorIndexText({ ValidatorIndex5: null })).toBe('N/A');
  });
});
