// Creates (or re-roles) a staff account. Staff are never created by sign-up; this is the only way.
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { authMessages, newPassword } from '@payd/schemas';
import type { Db } from '../db/database.ts';
import { users } from '../db/schema.ts';
import { hashPassword, isCommonPassword } from '../auth/index.ts';
import { staffRoleNames } from '../framework/roles.ts';

export const createStaffInput = z.object({
  email: z.string().trim().toLowerCase().email('Please enter a valid email address'),
  role: z.enum(Object.keys(staffRoleNames) as [string, ...string[]], {
    message: `role must be one of ${Object.keys(staffRoleNames).join(', ')}`,
  }),
  // The most privileged accounts follow the customers' rules (spec 002) and the common-password list.
  password: newPassword.refine((p) => !isCommonPassword(p), authMessages.passwordTooCommon),
});
export type CreateStaffInput = z.input<typeof createStaffInput>;

export interface CreateStaffResult {
  usrId: number;
  role: number;
  /** false when the account existed and got the staff role and the new password. */
  created: boolean;
}

export async function createStaff(
  db: Db,
  input: CreateStaffInput,
  now: Date = new Date(),
): Promise<CreateStaffResult> {
  const { email, role, password } = createStaffInput.parse(input);
  const roleId = staffRoleNames[role]!;
  const passwordHash = await hashPassword(password);
  const inserted = await db
    .insert(users)
    .values({ usrName: email, passwordHash, role: roleId, createdAt: now, passwordChangedAt: now })
    .onConflictDoNothing()
    .returning({ usrId: users.usrId });
  if (inserted[0]) return { usrId: inserted[0].usrId, role: roleId, created: true };
  const updated = await db
    .update(users)
    .set({ role: roleId, passwordHash, passwordChangedAt: now })
    .where(eq(users.usrName, email))
    .returning({ usrId: users.usrId });
  return { usrId: updated[0]!.usrId, role: roleId, created: false };
}
