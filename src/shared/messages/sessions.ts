/** Server-side sessions (docs/product/auth.md#sessions-on-the-server): the texts of the sessions list in the Security tab and Profile. */
export const SESSION_MESSAGES = {
  title: 'Active sessions',
  intro: 'Where your account is signed in. Sign out of any device you do not recognise.',
  thisDevice: 'This device',
  signOut: 'Sign out',
  signOutOthers: 'Sign out everywhere else',
  signedOut: (device: string) => `Signed out of ${device}.`,
  signedOutOthers: (count: number) =>
    count === 0
      ? 'No other session was signed in.'
      : `Signed out of ${count} other session${count === 1 ? '' : 's'}.`,
  notFound: 'This session has already ended.',
  revokeToo: 'Also revoke the API keys and webhooks I made in the last',
  revokeChoices: [
    { label: 'hour', ms: 60 * 60_000 },
    { label: '24 hours', ms: 24 * 60 * 60_000 },
    { label: '7 days', ms: 7 * 24 * 60 * 60_000 },
    { label: '30 days', ms: 30 * 24 * 60 * 60_000 },
  ],
  revoked: (keys: number, webhooks: number) =>
    keys + webhooks === 0
      ? 'No API key or webhook was made in that time.'
      : `Revoked ${keys} API key${keys === 1 ? '' : 's'} and removed ${webhooks} webhook${webhooks === 1 ? '' : 's'}.`,
  revokedActivity: (username: string, keys: number, webhooks: number) =>
    `${username} signed out everywhere else and revoked ${keys} API key${keys === 1 ? '' : 's'} and ${webhooks} webhook${webhooks === 1 ? '' : 's'} they had made`,
  loading: 'Loading sessions...',
  loadFailed: 'Could not load your sessions.',
  lastSeen: 'Last active',
  signedIn: 'Signed in',
} as const;

/**
 * Confirming it is you (docs/security.md#lasting-credentials): what mints a lasting credential or moves
 * where mail and events go asks for the password again (or a two-factor code) unless the session signed in
 * or confirmed within the last 15 minutes, as GitHub's "sudo mode" does.
 */
export const IDENTITY_MESSAGES = {
  required: 'Confirm it’s you: enter your password again to continue.',
  title: 'Confirm it’s you',
  intro:
    'Adding an API key or a webhook, connecting Botgit or changing where mail goes needs your password again. You won’t be asked again for 15 minutes.',
  passwordLabel: 'Password',
  codeLabel: 'Or a code from your authenticator app',
  passwordWrong: 'That password is not right.',
  missing: 'Enter your password (or a code from your authenticator app).',
  confirm: 'Confirm',
  cancel: 'Cancel',
  confirmed: 'Confirmed: you won’t be asked again for 15 minutes.',
  tooMany: (seconds: number) =>
    `Too many wrong passwords. Try again in ${Math.max(1, Math.ceil(seconds / 60))} minute${Math.ceil(seconds / 60) === 1 ? '' : 's'}.`,
} as const;

/** The e-mail an account gets for each credential added in its name (docs/security.md#lasting-credentials). */
export const CREDENTIAL_NOTICE_MESSAGES = {
  keySubject: (siteName: string) => `A new API key was added to your ${siteName} account`,
  webhookSubject: (siteName: string) => `A new webhook was added to your ${siteName} workspace`,
  hello: (username: string) => `Hello ${username},`,
  keyAdded: (name: string, scopes: string) =>
    `An API key named “${name}” was made in your name. It may: ${scopes}.`,
  webhookAdded: (host: string) => `A webhook now sends your workspace's events to ${host}.`,
  from: (device: string, ip: string | null) => `From: ${device}${ip ? ` (${ip})` : ''}.`,
  ifNotYou:
    'If this was not you, revoke it now, then reset your password: that ends every session, and its page offers to revoke the keys and webhooks made since.',
  review: 'Review it',
} as const;
