/** Two-factor sign-in (docs/product/auth.md#two-factor-sign-in): the constants and texts both the server and the web app use. */

export const TWO_FACTOR = {
  /** RFC 6238 as authenticator apps expect it: SHA-1, 6 digits, 30-second steps. */
  digits: 6,
  periodSeconds: 30,
  /** Codes of the step before and after are accepted too (clocks drift). */
  window: 1,
  /** The issuer shown in the authenticator app next to the account's e-mail. */
  issuer: 'AgencyHQ',
  recoveryCodeCount: 10,
  /** The second sign-in step must follow the password within this time. */
  challengeTtlSeconds: 5 * 60,
  /** Wrong codes per account (any address) before a wait, like failed passwords. */
  failureLimit: 5,
  failureWindowMs: 15 * 60 * 1000,
} as const;

export const TWO_FACTOR_MESSAGES = {
  /** docs/product/auth.md#two-factor-sign-in: a session alone (a stolen token) cannot turn it on. */
  passwordRequired: 'Enter your password to set up two-factor sign-in.',
  passwordWrong: 'That password is not correct.',
  codeRequired: 'Enter the 6-digit code from your authenticator app.',
  codeInvalid: 'That code is not valid. Check your authenticator app and try again.',
  recoveryCodeInvalid: 'That recovery code is not valid or has already been used.',
  tooManyCodes: (minutes: number) =>
    `Too many wrong codes. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  challengeExpired: 'Your sign-in took too long. Please enter your email and password again.',
  noSetupPending: 'Start the set-up again: scan a new QR code.',
  alreadyEnabled: 'Two-factor sign-in is already on.',
  notEnabled: 'Two-factor sign-in is not on.',
  requiredByWorkspace: 'Your workspace requires two-factor sign-in, so it cannot be turned off.',
  enableYourselfFirst: 'Turn on two-factor sign-in for your own account before requiring it for everyone.',
  enabled: 'Two-factor sign-in is on.',
  disabled: 'Two-factor sign-in is off.',
  reset: 'Two-factor sign-in was reset. The member sets it up again at their next sign-in.',
  recoveryCodesRenewed: 'New recovery codes made. The old ones no longer work.',
  policyOn: 'Two-factor sign-in is now required for every member.',
  policyOff: 'Two-factor sign-in is no longer required.',
  /** The login page's second step. */
  secondStepTitle: 'Two-factor sign-in',
  secondStepHelp: 'Enter the 6-digit code from your authenticator app.',
  recoveryHelp: 'Enter one of your recovery codes. Each code works once.',
  setupRequiredHelp: 'Your workspace requires two-factor sign-in. Set it up to continue.',
  verify: 'Verify',
  verifying: 'Verifying...',
  useRecoveryCode: 'Use a recovery code',
  useAuthenticatorCode: 'Use a code from your app',
  recoveryCodesTitle: 'Save your recovery codes',
  recoveryCodesHelp:
    'Each code signs you in once if you lose your phone. They are shown only now: keep them somewhere safe.',
} as const;

/** Lines of the activity trail (the overview and the audit log). */
export const TWO_FACTOR_ACTIVITY = {
  enabled: (user: string) => `${user} turned on two-factor sign-in`,
  disabled: (user: string) => `${user} turned off two-factor sign-in`,
  codesRenewed: (user: string) => `${user} made new two-factor recovery codes`,
  reset: (admin: string, user: string) => `${admin} reset two-factor sign-in of ${user}`,
  policyOn: (user: string) => `${user} required two-factor sign-in for every member`,
  policyOff: (user: string) => `${user} stopped requiring two-factor sign-in`,
  recoveryCodeUsed: (user: string, left: number) => `${user} signed in with a recovery code (${left} left)`,
  wrongCode: (user: string) => `${user} entered a wrong two-factor code`,
} as const;
