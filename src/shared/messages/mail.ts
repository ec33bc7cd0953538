/** The mail set-up's and the mail the product sends' texts; the limits are in ../mail.ts. */
import { EMAIL_SETUP_LIMITS, INVITATION } from '../mail';

export const EMAIL_SETUP_MESSAGES = {
  /** docs/product/email.md#business-email-setup. */
  saved: 'Email configuration saved successfully!',
  saveFailed: 'Failed to save email configuration',
  /** Our texts, in the spec's voice. */
  hostRequired: 'SMTP host is required',
  hostInvalid: 'Enter a host name such as smtp.example.com',
  portRequired: 'Port is required',
  portInvalid: 'Port must be a number from 1 to 65535',
  userRequired: 'SMTP user is required',
  passwordRequired: 'SMTP password is required',
  /** A stored password is only ever sent to the host, port and user it was typed for (docs/product/email.md#business-email-setup). */
  passwordRetype: 'Type the password again when you change the server, port or user.',
  /** Without SMTP_URL the agency's set-up also sends the platform's mail: only an Admin changes it. */
  agencyAdminOnly:
    "Only an Admin can change this e-mail set-up: it also sends the platform's own mail, such as password resets.",
  /** A stored row whose host, port or user no longer match what its password was typed for. */
  setupChanged: 'The e-mail set-up changed without its password: save it again with the password.',
  fromRequired: 'Sender name is required',
  fromNoAddress:
    'Add the sender address, e.g. Acme Agency <hello@acme.com>, or use an e-mail address as the SMTP user.',
  tooLong: (field: string, max: number) => `${field} must be ${max} characters or less.`,
  recipientInvalid: 'Please enter a valid email address',
  configureFirst: 'Save an e-mail configuration first.',
  testSent: (to: string) => `Test e-mail sent successfully to ${to}.`,
  testFailed: 'Failed to send the test e-mail',
  notDelivering:
    'E-mail is not being delivered: save a working SMTP configuration and send a test e-mail to start.',
  logEmpty: 'No e-mails sent yet.',
} as const;

/** Why a send failed, as the person who typed the settings can act on it (never a stack or internals). */
export const SMTP_FAILURE_MESSAGES = {
  auth: 'The SMTP server refused the user name or password.',
  refused: (host: string, port: number) =>
    `Could not connect to ${host}:${port}: the connection was refused.`,
  timeout: (host: string, port: number) =>
    `${host}:${port} did not answer within ${EMAIL_SETUP_LIMITS.timeoutMs / 1000} seconds.`,
  tls: 'The secure connection failed. Turn "Secure" on for port 465 and off for ports 587 and 25 (STARTTLS).',
  /** The password only travels encrypted: a server that cannot switch to TLS never receives it. */
  noStartTls: (host: string, port: number) =>
    `${host}:${port} does not offer a secure connection (STARTTLS), so the password was not sent. Turn "Secure" on for port 465, or use a server that supports STARTTLS.`,
  certificate: (host: string) => `The SMTP server's certificate is not valid for ${host}.`,
  hostNotFound: (host: string) => `The SMTP host ${host} could not be found.`,
  privateAddress: (host: string) =>
    `${host} points to a private or local network address; e-mail can only go to a public mail server.`,
  rejected: (reply: string) => `The SMTP server refused the message: ${reply}`,
  unknown: 'The e-mail could not be sent. Check the settings and try again.',
} as const;

export const PASSWORD_RESET_MESSAGES = {
  forgotLink: 'Forgot password?',
  requestTitle: 'Reset your password',
  requestIntro:
    'Enter the e-mail address of your account and we will send you a link to choose a new password.',
  requestButton: 'Send reset link',
  requestBusy: 'Sending...',
  requested:
    'If an account exists for that e-mail address, we have sent a link to reset its password. The link works for 1 hour.',
  resetTitle: 'Choose a new password',
  resetButton: 'Reset password',
  resetBusy: 'Resetting...',
  done: 'Your password has been reset. Please sign in with your new password.',
  invalidLink: 'This password reset link is invalid or has expired. Please request a new one.',
  tooMany: (minutes: number) =>
    `Too many reset requests. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  subject: (siteName: string) => `Reset your ${siteName} password`,
  /** To the owner of an address proven by a reset, when what was set up before the proof was removed. */
  removedSubject: (siteName: string) => `Your ${siteName} account is yours again`,
  removedIntro: (username: string) => `Hello ${username},`,
  removedBody: (siteName: string) =>
    `You proved that this e-mail address is yours by resetting the password of your ${siteName} account. Until then, anyone could have signed up with it, so what the account had set up before was removed:`,
  removedWebhook: (host: string) => `the webhook to ${host}`,
  removedApiKey: (name: string) => `the API key "${name}"`,
  removedTwoFactor: 'the authenticator app of two-factor sign-in',
  removedFootnote:
    'If you set these up yourself, add them again from the dashboard. Every session of the account was also signed out.',
} as const;

/** "5 minutes", "3 hours": how long to wait, as a person reads it. */
const waitText = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes < 120) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return `${Math.ceil(minutes / 60)} hours`;
};

export const INVITATION_MESSAGES = {
  button: 'Invite Members',
  sent: (email: string) => `Invitation sent to ${email}.`,
  sendFailed: 'Failed to send the invitation',
  revoked: 'Invitation revoked.',
  invalidLink: 'This invitation link is invalid, has expired or was already used. Ask for a new one.',
  emailMismatch: 'This invitation was sent to another e-mail address.',
  joining: (workspace: string) => `You have been invited to join ${workspace} as a Team Member.`,
  subject: (workspace: string, siteName: string) => `You are invited to join ${workspace} on ${siteName}`,
  pendingEmpty: 'No pending invitations.',
  ownerOrAdminOnly: 'Only a Business Admin or an Admin can invite members.',
  notFound: 'Invitation not found.',
  /** Past the workspace's limits (docs/product/workspace.md#invitations). */
  tooMany: (waitSeconds: number) =>
    `This workspace has sent too many invitations (at most ${INVITATION.hourlyLimit} an hour and ${INVITATION.dailyLimit} a day). Please try again in ${waitText(waitSeconds)}.`,
  /** To an address that already has an account: sign in to join (same subject: the inviter is answered as for any address). */
  existingIntro: (inviter: string, workspace: string, siteName: string) =>
    `${inviter} invited you to join ${workspace} on ${siteName} as a Team Member.`,
  existingBody: (workspace: string, siteName: string) =>
    `This address already has a ${siteName} account: sign in with it to join. You then leave the workspace you are in now and become a Team Member of ${workspace}. The invitation works once, within 7 days.`,
  existingAction: (workspace: string) => `Sign in to join ${workspace}`,
  /** Which platform sent an invitation: the workspace's name is whatever its owner typed. */
  sentBy: (siteName: string, host: string) =>
    `This invitation was sent by ${siteName} (${host}) for a workspace on it. If you were not expecting it, you can ignore this e-mail.`,
  /** The sign-up page's invitation banner and the sign-in page. */
  signInToJoin: 'Already have an account? Sign in to join',
  signInToJoinTitle: (workspace: string) => `Sign in to join ${workspace}`,
  /** Already signed in when the link is opened. */
  joinAction: (workspace: string) => `Join ${workspace}`,
  joined: (workspace: string) => `You joined ${workspace} as a Team Member.`,
  joinedSignInAgain: (workspace: string) =>
    `You joined ${workspace}. It requires two-factor sign-in: sign in again to set up your second factor.`,
  joinFailed: 'Could not join the workspace.',
  adminCannotJoin: 'An Admin cannot join another workspace.',
  ownerWithMembers: (workspace: string) =>
    `You own ${workspace}, which still has other members: remove them first, or ask to be invited with another e-mail address.`,
  alreadyInWorkspace: (workspace: string) => `You are already a member of ${workspace}.`,
} as const;
