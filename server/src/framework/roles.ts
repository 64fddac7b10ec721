// Role ids (the decision is recorded in README.md): customers get 1-3 from sign-up; staff get
// 10-12 only from the admin command. Screen definitions name roles through RoleSet.

export const Role = {
  borrower: 1,
  guarantor: 2,
  lender: 3,
  kycReviewer: 10,
  operator: 11,
  admin: 12,
} as const;
export type RoleId = (typeof Role)[keyof typeof Role];

export const customerRoles: readonly number[] = [Role.borrower, Role.guarantor, Role.lender];
export const staffRoles: readonly number[] = [Role.kycReviewer, Role.operator, Role.admin];

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
