/**
 * Proven e-mail addresses (docs/product/auth.md#proven-addresses): constants and texts shared by the server and the web app. An account's
 * address is confirmed by a link mailed at sign-up; until then it joins no workspace, owns no domain,
 * invites nobody and configures no mail.
 */

export const EMAIL_CONFIRMATION = {
  /** A confirmation link works once, for 24 hours. */
  tokenTtlMs: 24 * 60 * 60 * 1000,
  /** "Resend" per account: this many links an hour; more answer 429 with Retry-After. */
  resendLimit: 3,
  resendWindowMs: 60 * 60 * 1000,
  /** Sign-ups never confirmed are erased after this long (their address and domain are free again). */
  unconfirmedTtlMs: 7 * 24 * 60 * 60 * 1000,
} as const;

/**
 * Where a Team Member who signed up by domain waits until the address is confirmed: a workspace with no
 * data and no domain that nobody can open, join or delete. Fixed id, made by migration 015.
 */
export const WAITING_ROOM_WORKSPACE_ID = '00000000-0000-4000-8000-000000000002';

export const EMAIL_CONFIRMATION_MESSAGES = {
  /** The dashboard banner. */
  bannerTitle: 'Confirm your e-mail',
  bannerText: (email: string) =>
    `We sent a confirmation link to ${email}. Until you open it you cannot invite members or set up e-mail, and your company domain is not yet yours.`,
  resend: 'Resend link',
  resending: 'Sending...',
  resent: (email: string) => `A new confirmation link was sent to ${email}.`,
  resendFailed: 'Could not send a new link. Please try again later.',
  tooManyResends: (minutes: number) =>
    `Too many links requested. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  /** The access-restricted page for a Team Member still waiting. */
  restrictedSent: (email: string) =>
    `We sent a confirmation link to ${email}. Open it to join your company's workspace.`,
  /** The /confirm-email page. */
  pageTitle: 'Confirm your e-mail',
  confirming: 'Confirming your e-mail address...',
  confirmed: 'Your e-mail address is confirmed.',
  joined: (workspace: string) => `Your e-mail address is confirmed and you joined ${workspace}.`,
  continueToDashboard: 'Continue to the dashboard',
  signInToContinue: 'Sign in to continue',
  invalidLink: 'This confirmation link is invalid or has expired. Sign in and ask for a new one.',
  alreadyConfirmed: 'Your e-mail address is already confirmed.',
  /** What an unconfirmed account is told where the address must be proven first. */
  required: 'Confirm your e-mail address first: open the link we sent you, or ask for a new one.',
  /** Mail. */
  subject: (siteName: string) => `Confirm your e-mail address for ${siteName}`,
  mailIntro: (username: string) => `Hello ${username},`,
  mailBody: (siteName: string) =>
    `Please confirm that this is your e-mail address to finish setting up your ${siteName} account. The link works once, within 24 hours.`,
  mailAction: 'Confirm my e-mail',
  mailFootnote:
    'If you did not sign up, ignore this e-mail: the account is removed after 7 days without confirmation.',
  /** A Business Owner whose domain another workspace proved first. */
  domainTakenOnConfirm: (domain: string) =>
    `Your e-mail address is confirmed. The domain ${domain} already belongs to another workspace, so colleagues cannot join yours by domain: invite them instead.`,
  /** To a workspace's admins when someone joins by domain. */
  memberJoinedSubject: (username: string, workspace: string) => `${username} joined ${workspace}`,
  memberJoined: (username: string, email: string, workspace: string) =>
    `${username} <${email}> confirmed their e-mail address and joined ${workspace} by its e-mail domain, as a Team Member with no dashboard access. Review them in Users & Roles.`,
} as const;
