// Staff roles as the server records them (server/src/framework/roles.ts: 10 KYC reviewer,
// 11 operator, 12 admin; customers are 1-3). The server refuses staff screens to anyone else too.
export const StaffRole = { kycReviewer: 10, operator: 11, admin: 12 } as const;

const staff: readonly number[] = Object.values(StaffRole);

export function isStaffRole(role: number | null | undefined): boolean {
  return role !== null && role !== undefined && staff.includes(role);
}

/** Where the staff guard sends a user: null to stay, '/login' when signed out, else access denied. */
export function staffRedirect(
  user: { UsrId: number; role: number } | null,
): '/login' | '/access-denied' | null {
  if (!user?.UsrId) return '/login';
  return isStaffRole(user.role) ? null : '/access-denied';
}
