import { describe, expect, it } from 'vitest';
import { wireRowInput, wireRowWithDocuments } from './fields.ts';

describe('wireRowInput', () => {
  it('takes a record as read back, with its document list, in its document columns only', () => {
    const row = { Name15: 'Ann', KycPersonDoc15: [{ DocId: 1, DocName: 'passport.jpg' }], Age: 3, Ok: null };
    const screenRow = wireRowWithDocuments(['KycPersonDoc15']);
    expect(screenRow.safeParse(row).success).toBe(true);
    const inKey = screenRow.safeParse({ KycPersonId15: [{ toString: null }] });
    expect(inKey.success).toBe(false);
    expect(inKey.error?.issues[0]?.path).toEqual(['KycPersonId15']);
    expect(wireRowInput.safeParse(row).success).toBe(false);
  });

  it('takes a new record as GetNewMst sends it, its document column empty (null)', () => {
    const blank = { KycPersonId15: null, Name15: 'Ann', KycPersonDoc15: null };
    expect(wireRowWithDocuments(['KycPersonDoc15']).safeParse(blank).success).toBe(true);
  });

  it('refuses an object where text goes and NUL in text, naming the field', () => {
    const bad = wireRowInput.safeParse({ Name15: { toString: null } });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['Name15']);
    const nul = wireRowInput.safeParse({ Name15: 'a\u0000b' });
    expect(nul.success).toBe(false);
    const nested = wireRowWithDocuments(['KycPersonDoc15']).safeParse({
      KycPersonDoc15: [{ DocName: { toString: null } }],
    });
    expect(nested.success).toBe(false);
  });
});
