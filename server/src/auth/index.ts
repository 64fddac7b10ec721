// The accounts-and-access feature as other features see it: the password rules staff accounts
// follow (admin/createStaff.ts) and the recent sign-in the key exports need (staking). Other
// features import these from here, not from the files behind.
export { hashPassword } from './passwords.ts';
export { isCommonPassword } from './commonPasswords.ts';
export { requireRecentSignIn } from './recentSignIn.ts';
