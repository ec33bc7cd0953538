/** Two-factor sign-in (docs/product/auth.md#two-factor-sign-in): the constants both the server and the web app use (texts: messages/). */

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
