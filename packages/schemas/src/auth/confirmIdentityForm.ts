// The messages of 'Confirm it is you' (issue 17) and its form's rule, without zod: the security page
// shows and checks them before any zod schema is needed (confirmIdentity.ts has the server's body).

export const confirmIdentityMessages = {
  /** The server's answer (403, `reauth_required`) when the proven sign-in is older than 5 minutes. */
  required:
    'Please confirm it is you: enter your password (or use your passkey) to continue. Your recovery words and keys need a sign-in within the last 5 minutes.',
  passwordRequired: 'Please enter your password',
  passwordWrong: 'Your password is incorrect',
  confirmed: 'Thank you, it is you.',
} as const;

/** What is wrong with the confirmation form's password (the web app's password path): required,
 * at most 256 characters. A plain function: the security page checks it without zod. */
export function confirmIdentityPasswordProblem(password: string): string | undefined {
  return password.length === 0 || password.length > 256
    ? confirmIdentityMessages.passwordRequired
    : undefined;
}
