// The lending pages show the English of their pure rules (kycGate.ts, borrowRules.ts,
// liquidationText.ts …) from the catalogue: each rule's English is its message's English, word for
// word (the spec's texts, read by the journeys), and a German page shows German.
import { describe, expect, it } from 'vitest';
import { languageOfCode } from '@payd/i18n';
import { BAD_DECIMAL_FORMAT, Cache, Decimal } from '@payd/protocol';
import { kycRefusal, BORROWING, FETH_STAKING, type OnChainKycStatus } from '../features/lending/kycGate.ts';
import { BorrowMessages, debtBelowMinimumMessage } from '../features/lending/borrow/borrowRules.ts';
import {
  criticalRatioWarning,
  liquidatedText,
  liquidationOutlook,
} from '../features/lending/borrow/liquidationText.ts';
import { formatDecimal } from '../features/lending/useLendingT.ts';
import { activateLanguage, englishTextId, i18n } from './language.ts';

const STATUSES: OnChainKycStatus[] = ['None', 'Pending', 'Suspended', 'Closed', 'Approved'];

/** Rule texts without placeholders, shown with useT().message. */
function ruleTexts(): string[] {
  return [
    ...Object.values(BorrowMessages),
    debtBelowMinimumMessage,
    BAD_DECIMAL_FORMAT,
    liquidatedText('belowTotalRatio', true),
    liquidatedText(undefined, false),
    liquidatedText('belowMinimum', true),
    liquidatedText('belowMinimum', false),
  ];
}

describe('lending texts', () => {
  it('each rule text has its message, shown in German on a German page', async () => {
    await activateLanguage(languageOfCode('de')!);
    for (const text of ruleTexts()) {
      const id = englishTextId(text);
      expect(id, text).toBeDefined();
      expect(i18n._(id!), text).not.toBe(text);
    }
  });

  it('the KYC refusals, the outlook and the critical warning read as the rules word them', async () => {
    await activateLanguage(languageOfCode('en')!);
    for (const activity of [BORROWING, FETH_STAKING])
      for (const status of STATUSES)
        expect(i18n._(`lending.kyc.${activity.id}.${status}`)).toBe(kycRefusal(status, false, activity));
    // a cache under the total ratio, the pool short of its debt or covering it, alone or not
    const cache = new Cache(Decimal.from(15), Decimal.from(9000));
    const total = new Cache(Decimal.from(100), Decimal.from(50_000));
    const ids = new Set<string>();
    for (const pool of ['100', '9000'])
      for (const count of [1, 5]) {
        const outlook = liquidationOutlook(cache, total, Decimal.from(1000), Decimal.from(pool), count);
        expect(outlook.notes.length).toBe(outlook.lines.length);
        outlook.notes.forEach((note, i) => {
          ids.add(note.id);
          const values = Object.fromEntries(
            Object.entries(note.values).map(([k, v]) => [k, formatDecimal('en', v)]),
          );
          expect(i18n._(note.id, values)).toBe(outlook.lines[i]);
        });
      }
    expect(ids.size).toBe(4);
    const ratio = Decimal.from('1.3');
    expect(i18n._('lending.preview.critical', { ratio: ratio.toPercent() })).toBe(
      criticalRatioWarning(ratio, false),
    );
  });
});
