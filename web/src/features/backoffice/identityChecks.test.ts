import { describe, expect, it } from 'vitest';
import { failureMessage, identityCheckNote } from './identityChecks.ts';

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
      id: 'staff.note.approved',
      tone: 'approved',
    });
    expect(note.text).not.toContain('did not pass');
  });
});

describe('a failure in words of the catalogue', () => {
  it('names the message and the English names in it, each to be translated', () => {
    expect(failureMessage('face not a match')).toEqual({ id: 'staff.failure.face' });
    expect(failureMessage('no machine readable zone')).toEqual({ id: 'staff.failure.noMrz' });
    expect(failureMessage('check digits wrong (date of birth, composite)')).toEqual({
      id: 'staff.failure.digits',
      names: ['date of birth', 'composite'],
    });
    expect(failureMessage('fields disagree with the record (name, date of birth)')).toEqual({
      id: 'staff.failure.fields',
      names: ['Name', 'Date of birth'],
    });
    expect(failureMessage('something new')).toEqual({ text: 'something new' });
  });
});
