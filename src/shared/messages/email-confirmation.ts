/** E-mail confirmation's texts; its constants are in ../email-confirmation.ts. */
export const EMAIL_CONFIRMATION_MESSAGES = {
  /** The dashboard banner. */
  bannerTitle: 'Confirm your e-mail',
  bannerText: (email: string) =>
    `We sent a confirmation link to ${email}. Until you open it you cannot invite members, set up e-mail, webhooks, API keys or two-factor sign-in, and your company domain is not yet yours.`,
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
