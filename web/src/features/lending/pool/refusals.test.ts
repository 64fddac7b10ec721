import { RedemptionAmountTooLowError, Decimal } from '@payd/protocol';
import { languageOfCode } from '@payd/i18n';
import { beforeEach, describe, expect, it } from 'vitest';
import { activateLanguage } from '../../../i18n/language.ts';
import { refusalText, revertedWith } from './refusals.ts';

describe('refusalText', () => {
  beforeEach(() => activateLanguage(languageOfCode('en')!));
  it('finds the custom error deep in a viem-like cause chain', () => {
    const error = {
      shortMessage: 'Execution reverted.',
      cause: { cause: { data: { errorName: 'RedemptionsNotOpenYet', args: [1_700_000_000n] } } },
    };
    expect(revertedWith(error)?.name).toBe('RedemptionsNotOpenYet');
    expect(refusalText(error)).toMatch(/^Redemptions are not open yet: the bootstrap period ends on .*2023/);
  });
  it('says the fee tolerance refused rather than paid more', () => {
    expect(refusalText({ cause: { errorName: 'RedemptionFeeTooHigh', args: [] } })).toContain(
      'rose above your maximum fee',
    );
  });
  it('passes the spec message of @payd/protocol through verbatim', () => {
    expect(refusalText(new RedemptionAmountTooLowError(Decimal.from(2500)))).toBe(
      'redeemPAYD: amount too low to redeem (try at least 2500)',
    );
  });
  it('is silent when the person rejected the request in the wallet', () => {
    expect(refusalText(new Error('User rejected the request.'))).toBeUndefined();
  });
  it('names an unknown custom error', () => {
    expect(refusalText({ data: { errorName: 'Weird' } })).toBe('The transaction was refused (Weird).');
  });
  it('words the chain refusals with a date or a name in the language shown', async () => {
    await activateLanguage(languageOfCode('de')!);
    // 1,700,000,000 s is 14 Nov 2023 22:13 UTC: the date in the machine's zone, written the German way
    expect(refusalText({ data: { errorName: 'RedemptionsNotOpenYet', args: [1_700_000_000n] } })).toMatch(
      /^Einlösungen sind noch nicht möglich: Die Anlaufphase endet am 1[45]\.11\.2023, \d\d:\d\d\. Es wurde nichts eingelöst\.$/,
    );
    expect(refusalText({ data: { errorName: 'Weird' } })).toBe('Die Transaktion wurde abgelehnt (Weird).');
  });
});
