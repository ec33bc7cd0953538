/** Two-factor sign-in's texts; its constants are in ../two-factor.ts. */
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
