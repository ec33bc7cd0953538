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
  loading: 'Loading sessions...',
  loadFailed: 'Could not load your sessions.',
  lastSeen: 'Last active',
  signedIn: 'Signed in',
} as const;
