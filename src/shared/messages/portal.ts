import { PORTAL } from '../portal';

const minutes = Math.round(PORTAL.linkTtlMs / 60_000);

/** The client portal (docs/product/portal.md): every text the portal and its staff controls show. */
export const PORTAL_MESSAGES = {
  // The sign-in form at /portal.
  signInTitle: 'Sign in to your client portal',
  signInIntro:
    'Enter the e-mail address your agency has on file for you and we will send you a link to sign in. No password needed.',
  emailLabel: 'E-mail address',
  signInButton: 'Send sign-in link',
  signInBusy: 'Sending...',
  /** The one answer to every sign-in request, whatever the address. */
  linkSent: `If this address may use the portal, a sign-in link is on its way. It works once, for ${minutes} minutes.`,
  tooMany: (wait: number) =>
    `Too many sign-in requests. Please try again in ${wait} minute${wait === 1 ? '' : 's'}.`,

  // The page a link opens (/portal/sign-in?token=…): a button, since mail scanners open links too.
  linkTitle: 'Sign in to your client portal',
  linkIntro: 'Press the button to sign in. The link works once.',
  linkButton: 'Sign in',
  linkBusy: 'Signing in...',
  linkMissing: 'This page needs the link from your e-mail. Ask for a new one.',
  /** Unknown, used or expired: one answer for all three. */
  linkInvalid: 'This sign-in link has expired or was already used. Ask for a new one.',
  askNewLink: 'Ask for a new link',

  // The portal's home.
  signedInAs: (name: string, client: string) => `Signed in as ${name} for ${client}`,
  signOut: 'Sign out',
  signedOut: 'You are signed out of the portal.',
  sessionEnded: 'Your portal session has ended. Sign in again with a new link.',
  loading: 'Loading your portal...',
  /** A portal request that is not JSON (a form posted from another site): refused. */
  jsonOnly: 'Send this request as JSON (Content-Type: application/json).',

  // Mail.
  linkSubject: (siteName: string) => `Your sign-in link for the ${siteName} client portal`,
  linkMailIntro: (siteName: string) =>
    `Someone asked to sign in to the ${siteName} client portal with this e-mail address. If it was you, use the link below.`,
  linkMailMany: (siteName: string) =>
    `Someone asked to sign in to the ${siteName} client portal with this e-mail address. This address may see the portal of each client below; use the link of the one you want.`,
  linkMailEntry: (client: string, workspace: string) => `${client} — at ${workspace}`,
  linkMailAction: (client: string) => `Sign in for ${client}`,
  linkMailFootnote: `Each link works once, for ${minutes} minutes. If you did not ask for this, ignore this e-mail.`,
  invitationSubject: (workspace: string) => `${workspace} invites you to its client portal`,
  invitationIntro: (name: string) => `Hello ${name},`,
  invitationBody: (workspace: string, client: string) =>
    `${workspace} has given you access to its client portal for ${client}. Sign in with the button below: no password needed.`,
  invitationFootnote: `The link works once, for ${minutes} minutes. Later, ask for a new link at the portal's sign-in page with this e-mail address.`,

  // Staff controls on a client's page.
  cardTitle: 'Client portal',
  cardIntro:
    'Contacts with portal access sign in with a link sent to their e-mail and see what this client has with you.',
  noContacts: 'Add a contact with an e-mail address to give them portal access.',
  grant: 'Give portal access',
  remove: 'Remove access',
  endSessions: 'End sessions',
  neverSignedIn: 'Never signed in',
  lastSignIn: (when: string) => `Last sign-in: ${when}`,
  activeSessions: (n: number) => `${n} active session${n === 1 ? '' : 's'}`,
  granted: (email: string) => `Portal access given to ${email}; an invitation is on its way.`,
  removed: (email: string) => `Portal access removed for ${email}; their sessions have ended.`,
  sessionsEnded: (n: number) => `${n} portal session${n === 1 ? '' : 's'} ended.`,
  notAContact: 'Give portal access to one of this client’s contacts: add the address to its contacts first.',
  accessNotFound: 'This portal access was not found. It may have been removed already.',
  invitationsTooMany: (wait: number) =>
    `Too many portal invitations for this client. Please try again in ${wait} minute${wait === 1 ? '' : 's'}.`,
} as const;
