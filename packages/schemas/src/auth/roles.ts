// Role ids (the decision is recorded in server/src/framework/README.md): customers get 1-3 from sign-up; staff
// get 10-12 only from the admin command. The server's rules and the contracts' callers
// (contract/contract.ts AuthRule) name roles through these.

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
