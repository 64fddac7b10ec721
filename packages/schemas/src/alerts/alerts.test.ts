import { describe, expect, it } from 'vitest';
import { ALERT_KINDS, DEFAULT_ALERT_PREFERENCES, alertPreferencesSchema, alertText } from './alerts.ts';
import { markAlertsReadBody } from './alertBodies.ts';

describe('alert texts and preferences', () => {
  it('gives every kind a title, a body and one action that links to a page', () => {
    for (const kind of ALERT_KINDS) {
      const t = alertText(kind, {
        daysLeft: 2,
        balance: '4.00',
        dailyCost: '2.00',
        index: '7',
        epochs: 3,
        lostEth: '0.0001',
      });
      expect(t.title.length, kind).toBeGreaterThan(5);
      expect(t.body.length, kind).toBeGreaterThan(20);
      expect(t.action.path, kind).toMatch(/^\/[A-Za-z]/);
    }
  });

  it('says the days left, or that the credits do not pay the next day', () => {
    expect(alertText('credits_low', { balance: '1.00', dailyCost: '2.00', daysLeft: 0 }).body).toContain(
      'They do not pay the next day of your validators.',
    );
    expect(alertText('credits_low', { balance: '2.00', dailyCost: '2.00', daysLeft: 1 }).body).toContain(
      'They pay about 1 more day of your validators.',
    );
  });

  it('links a slashing and a credited top-up to the manage page of their validator', () => {
    const pubkey = `0x${'AB'.repeat(48)}`;
    const slashed = alertText('validator_slashed', { pubkey, index: '12', balanceEth: '31.99' });
    expect(slashed.title).toBe('Validator 12 was slashed');
    expect(slashed.body).toContain('Its balance is 31.99 ETH now.');
    expect(slashed.action.path).toBe(`/manageValidator?validator=0x${'ab'.repeat(48)}`);
    const topUp = alertText('request_confirmed', {
      pubkey,
      index: '12',
      amountEth: '5',
      balanceEth: '37.01',
    });
    expect(topUp.title).toBe('Validator 12: top-up of 5 ETH credited');
    expect(topUp.action.path).toBe(slashed.action.path);
  });

  it('tells each wallet request by its kind, confirmed or ignored, with the fee kept and what to check', () => {
    const pubkey = `0x${'cd'.repeat(48)}`;
    const base = { pubkey, index: '7', address: `0x${'aa'.repeat(20)}`, txHash: `0x${'12'.repeat(32)}` };
    const exit = alertText('request_confirmed', {
      ...base,
      operation: 'exit',
      exitEpoch: '300',
      balanceEth: '32.1',
    });
    expect(exit.title).toBe('Validator 7: exit request confirmed');
    expect(exit.body).toContain('the validator stops earning at epoch 300. Its balance (32.1 ETH now)');
    expect(exit.action.path).toBe(`/manageValidator?validator=${pubkey}`);
    const partial = alertText('request_confirmed', {
      ...base,
      operation: 'partialWithdrawal',
      amountEth: '1.5',
      withdrawableEpoch: '560',
    });
    expect(partial.title).toBe('Validator 7: withdrawal of 1.5 ETH queued');
    expect(partial.body).toContain('1.5 ETH is paid to your withdrawal address from epoch 560 on');
    expect(alertText('request_confirmed', { ...base, operation: 'switchToCompounding' }).title).toBe(
      'Validator 7: switched to 0x02 compounding credentials',
    );
    expect(
      alertText('request_confirmed', {
        ...base,
        operation: 'consolidation',
        targetIndex: '9',
        exitEpoch: '301',
        balanceEth: '32',
      }).title,
    ).toBe('Validator 7: consolidation into validator 9 confirmed');
    const ignored = alertText('request_ignored', {
      ...base,
      operation: 'partialWithdrawal',
      amountEth: '1.5',
    });
    expect(ignored.title).toBe('Validator 7: partial withdrawal request ignored');
    expect(ignored.body).toContain(
      'The beacon chain did not apply the partial withdrawal request sent from your wallet',
    );
    expect(ignored.body).toContain('the request fee was kept. What to check: only a validator with 0x02');
    expect(ignored.action).toEqual({
      label: 'Check the validator',
      path: `/manageValidator?validator=${pubkey}`,
    });
  });

  it('refuses a band at or under the liquidation ratio, the same band twice, and 0 epochs', () => {
    const issues = (p: object) =>
      alertPreferencesSchema
        .safeParse({ ...DEFAULT_ALERT_PREFERENCES, ...p })
        .error?.issues.map((i) => i.message);
    expect(issues({ bands: [115] })).toEqual(['A band must be above 115%.']);
    expect(issues({ bands: [150, 150] })).toEqual(['Each band only once.']);
    expect(issues({ offlineEpochs: 0 })).toEqual(['At least 1 epoch.']);
    expect(issues({ bands: [] })).toBeUndefined();
  });

  it('marks named alerts or all of them, not both and not neither', () => {
    expect(markAlertsReadBody.safeParse({ AlertIds: [1] }).success).toBe(true);
    expect(markAlertsReadBody.safeParse({ all: true }).success).toBe(true);
    expect(markAlertsReadBody.safeParse({}).success).toBe(false);
    expect(markAlertsReadBody.safeParse({ AlertIds: [1], all: true }).success).toBe(false);
  });
});
