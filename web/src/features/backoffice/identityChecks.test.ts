import { describe, expect, it } from 'vitest';
import { identityCheckNote } from './identityChecks.ts';

const failures = ['face not a match', 'fields disagree with the record (name)'];

describe('the identity check note beside the status', () => {
  it('says the checks passed when nothing failed', () => {
    expect(identityCheckNote([], { edited: 'AP', saved: 'AP' }).text).toBe('Identity checks passed');
  });

  it('names the failures while the record waits for review', () => {
    expect(identityCheckNote(failures, { edited: 'WR', saved: 'WR' }).text).toBe(
      'The identity checks did not pass: face not a match, fields disagree with the record (name).',
    );
  });

  it('asks for a reason while an approval is picked but not saved', () => {
    expect(identityCheckNote(failures, { edited: 'AP', saved: 'WR' }).text).toBe(
      'The identity checks did not pass: face not a match, fields disagree with the record (name). Give a reason to approve anyway.',
    );
  });

  it('no longer says the checks did not pass once the approval is saved', () => {
    const note = identityCheckNote(failures, { edited: 'AP', saved: 'AP' });
    expect(note).toEqual({
      text: 'Approved despite the identity checks (face not a match, fields disagree with the record (name)); the reason is in the status history.',
      tone: 'approved',
    });
    expect(note.text).not.toContain('did not pass');
  });
});
