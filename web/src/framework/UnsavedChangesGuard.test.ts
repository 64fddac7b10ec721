import { describe, expect, it } from 'vitest';
import { leaveQuestion, recordPath, staysOnScreen } from './UnsavedChangesGuard.tsx';

describe('unsaved-changes guard scope', () => {
  it('moving between records of the same screen is not leaving the page', () => {
    expect(staysOnScreen('/staff/kyc/12', '/staff/kyc')).toBe(true);
    expect(staysOnScreen('/staff/kyc', '/staff/kyc')).toBe(true);
  });
  it('another screen, or a path that only shares a prefix, is leaving', () => {
    expect(staysOnScreen('/staff/support', '/staff/kyc')).toBe(false);
    expect(staysOnScreen('/staff/kycx', '/staff/kyc')).toBe(false);
    expect(staysOnScreen('/staff/kyc/1', undefined)).toBe(false);
  });
  it('a dirty record asks nothing when the address only follows the open record', () => {
    expect(leaveQuestion('/staff/kyc', '/staff/kyc/12', '/staff/kyc', '12')).toBeNull();
    // a copy (no key yet) takes the screen's own address
    expect(leaveQuestion('/staff/kyc/12', '/staff/kyc', '/staff/kyc', null)).toBeNull();
    expect(leaveQuestion('/staff/kyc/12', '/staff/kyc', '/staff/kyc', '12')).toBeNull();
  });
  it('another record of the screen by address (back/forward, a link) asks the record question', () => {
    expect(leaveQuestion('/staff/kyc/12', '/staff/kyc/13', '/staff/kyc', '12')).toBe('record');
  });
  it('another page asks the page question', () => {
    expect(leaveQuestion('/staff/kyc/12', '/staff/support', '/staff/kyc', '12')).toBe('page');
    expect(leaveQuestion('/a', '/b', undefined, null)).toBe('page');
  });
  it('record addresses escape the key', () => {
    expect(recordPath('/staff/kyc', 'a/b')).toBe('/staff/kyc/a%2Fb');
    expect(recordPath('/staff/kyc', null)).toBe('/staff/kyc');
  });
});
