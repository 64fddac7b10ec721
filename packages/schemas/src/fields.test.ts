import { describe, expect, it } from 'vitest';
import { wireRowInput } from './fields.ts';

describe('wireRowInput', () => {
  it('takes a record as read back, with its document list', () => {
    const row = { Name15: 'Ann', KycPersonDoc15: [{ DocId: 1, DocName: 'passport.jpg' }], Age: 3, Ok: null };
    expect(wireRowInput.safeParse(row).success).toBe(true);
  });

  it('refuses an object where text goes and NUL in text, naming the field', () => {
    const bad = wireRowInput.safeParse({ Name15: { toString: null } });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['Name15']);
    const nul = wireRowInput.safeParse({ Name15: 'a\u0000b' });
    expect(nul.success).toBe(false);
    const nested = wireRowInput.safeParse({ KycPersonDoc15: [{ DocName: { toString: null } }] });
    expect(nested.success).toBe(false);
  });
});
