import { describe, expect, it } from 'vitest';
import { staysOnScreen } from './UnsavedChangesGuard.tsx';

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
});
