// Role ids (packages/schemas auth/roles.ts; the decision is recorded in README.md). Screen
// definitions name roles through RoleSet.

import { Role, customerRoles, staffRoles, type RoleId } from '@payd/schemas';

export { Role, customerRoles, staffRoles, type RoleId };

/** Staff role names as the admin command takes them. */
export const staffRoleNames: Record<string, number> = {
  'kyc-reviewer': Role.kycReviewer,
  operator: Role.operator,
  admin: Role.admin,
};

/** Who a rule applies to: everyone signed in, nobody, customers, staff, or listed role ids. */
export type RoleSet = 'all' | 'none' | 'customers' | 'staff' | readonly number[];

export function inRoleSet(set: RoleSet, role: number): boolean {
  if (set === 'all') return true;
  if (set === 'none') return false;
  if (set === 'customers') return customerRoles.includes(role);
  if (set === 'staff') return staffRoles.includes(role);
  return set.includes(role);
}

export function isStaff(role: number): boolean {
  return staffRoles.includes(role);
}
