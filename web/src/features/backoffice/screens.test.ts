import { describe, expect, it } from 'vitest';
import { staffNavScreens } from './screens.ts';
import { StaffRole } from '../../shell/session/staffRoles.ts';

describe('back office navigation', () => {
  it('offers payments to every staff role and stake agents to admins only', () => {
    const paths = (role: number) => staffNavScreens(role).map((s) => s.path);
    for (const role of [StaffRole.kycReviewer, StaffRole.operator]) {
      expect(paths(role)).toContain('payments');
      expect(paths(role)).not.toContain('agents');
    }
    expect(paths(StaffRole.admin).slice(-2)).toEqual(['payments', 'agents']);
  });
});
