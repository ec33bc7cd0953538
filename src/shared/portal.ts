/**
 * The client portal (docs/product/portal.md): the constants the server and the web share. Free of zod and
 * of Node.
 */

/** The portal's own cookie: the session token, sent only to /api/portal (never a staff route's). */
export const PORTAL_COOKIE = 'agencyhq_portal';
/** Where the cookie is sent: the portal's API only. */
export const PORTAL_COOKIE_PATH = '/api/portal';

export const PORTAL = {
  /** A sign-in link works once, for 15 minutes. */
  linkTtlMs: 15 * 60 * 1000,
  /** A portal session lasts 30 days from its sign-in (not sliding). */
  sessionTtlMs: 30 * 24 * 60 * 60 * 1000,
  /** "Last seen" of a portal session is written at most once a minute. */
  lastSeenResolutionMs: 60 * 1000,
  /** Sign-in e-mails per address per hour; more requests are answered the same but send nothing. */
  perEmailLimit: 5,
  perEmailWindowMs: 60 * 60 * 1000,
  /** Sign-in requests per client address per window before 429. */
  perIpLimit: 20,
  perIpWindowMs: 15 * 60 * 1000,
  /** Sign-in links tried (redeemed or not) per client address per window before 429. */
  redeemPerIpLimit: 30,
  redeemPerIpWindowMs: 15 * 60 * 1000,
  /** Invitations staff may send per client per hour (each is a mail with a sign-in link). */
  invitationsPerClientLimit: 20,
  invitationsPerClientWindowMs: 60 * 60 * 1000,
  /** A session's user agent is kept to this many characters. */
  userAgentMax: 300,
} as const;

/** The path of the page a sign-in link opens (its token in `?token=`). */
export const PORTAL_SIGN_IN_PATH = '/portal/sign-in';
/** The portal's home and sign-in form. */
export const PORTAL_PATH = '/portal';
