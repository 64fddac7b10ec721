// Texts of the e-mails accounts and access send.
import type { ServerConfig } from '../config.ts';
import type { OutgoingMail } from '../mail/mailer.ts';

export function signUpCodeMail(config: ServerConfig, to: string, code: string): OutgoingMail {
  return {
    to,
    subject: 'payd: your confirmation code',
    text: `Welcome to payd.\n\nYour confirmation code is: ${code}\n\nIt expires in 10 minutes. If you did not sign up at ${config.publicUrl}, ignore this e-mail.`,
  };
}

export function signUpExistingMail(config: ServerConfig, to: string): OutgoingMail {
  return {
    to,
    subject: 'payd: your confirmation code',
    text: `Someone (maybe you) tried to sign up at ${config.publicUrl} with this e-mail address, which already has a payd account.\n\nYou can log in at ${config.publicUrl}/login, or reset your password at ${config.publicUrl}/forgot-password. If it was not you, ignore this e-mail.`,
  };
}

export function resetCodeMail(
  config: ServerConfig,
  to: string,
  code: string,
  j: string,
  p: string,
): OutgoingMail {
  const link = `${config.publicUrl}/NewPassword?j=${encodeURIComponent(j)}&p=${encodeURIComponent(p)}`;
  return {
    to,
    subject: 'payd: reset your password',
    text: `Your password reset code is: ${code}\n\nOr open this link to choose a new password:\n${link}\n\nBoth expire in 10 minutes and work once. If you did not ask for a reset, ignore this e-mail.`,
  };
}
