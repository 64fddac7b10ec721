// Every user-visible text of accounts and access, verbatim from spec 002 (sections 5 and 8).
export const authMessages = {
  userNameEmpty: 'User Name cannot be empty',
  passwordEmpty: 'Password cannot be empty',
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Please enter your password',
  passwordTooShort: 'Your password must be at least 8 characters long',
  passwordsDontMatch: "Your passwords don't match",
  agreeRequired: 'Your must agree to terms and conditions to proceed',
  recaptchaRequired: 'Your must check the recaptcha to proceed',
  confirmationCodeRequired: 'Please enter your confirmation code from the email',
  confirmationCodeIncorrect: 'Confirmation code is incorrect',
  resetCodeInvalid: 'Confirmation code is not valid. Please Try it again.',
  newPasswordHint: 'Must be at least 8 characters',
  enterNewPassword: 'Please enter a new password',
  enterMatchingPassword: 'Please enter a matching password',
  profilePasswordHint:
    'Minimum 8 characters with at least one digit, one capital, one lower case and one symbol',
  // Not in the spec (issue 15): a signed-in password change proves the current password.
  currentPasswordRequired: 'Please enter your current password',
  currentPasswordWrong: 'Your current password is incorrect',
  // Not in the spec (issue 15): common passwords and the per-account back-off after failures.
  passwordTooCommon:
    'This password is one of the most common (breached) passwords. Please choose another one.',
  loginBackoff:
    'Too many failed sign-ins for this account. Please wait before trying again, sign in with a passkey or your wallet, or reset your password.',
  loginBotDetected: 'Your email or password is incorrect or bot detected',
  loginFailed: 'Login failed. The email and password combination is invalid. Please try again.',
  emailResentTitle: 'EMAIL HAS BEEN SENT',
  emailResent: 'Verification email has been resent',
  passwordChangedTitle: 'PASSWORD CHANGED SUCCESSFUL',
  passwordChanged: 'Password has been changed. Please login.',
  regionRestricted: 'Our services are not available in your region.',
  accessDenied: 'Access denied',
  newVersion: 'A new version of application is available. Application will be refreshed!',
  installMetaMask: 'You might need to install MetaMask or use a different browser',
  connectAccount: 'To use the product you need to connect your Ethereum account',
  acceptConnection: 'Please check your wallet and accept the connection request before retrying.',
  unexpectedRpc: 'Received unexpected JSON-RPC response',
  txFailedToSend: 'Failed to send transaction (try again)',
  txUserDenied: 'User denied transaction signature',
} as const;
