import { describe, expect, it } from 'vitest';
import { isStaffRole, staffRedirect } from './staffRoles.ts';

describe('staff guard', () => {
  it('lets KYC reviewers, operators and admins in', () => {
    for (const role of [10, 11, 12]) expect(staffRedirect({ UsrId: 5, role })).toBeNull();
  });

  it('shows customers the access-denied page and sends signed-out visitors to /login', () => {
    for (const role of [1, 2, 3]) expect(staffRedirect({ UsrId: 5, role })).toBe('/access-denied');
    expect(staffRedirect(null)).toBe('/login');
    expect(isStaffRole(undefined)).toBe(false);
  });
});
