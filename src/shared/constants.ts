/** Numbers (docs/product/README.md#numbers). */
export const PASSWORD_MIN_LENGTH = 6;
export const REDIRECT_DELAY_MS = 1000;
export const HTTP_TIMEOUT_MS = 10_000;
export const PERMISSION_POLL_INTERVAL_MS = 30_000;
/** Browser tests shorten the permission poll through this local-storage key; nothing else sets it. */
export const PERMISSION_POLL_OVERRIDE_KEY = 'agencyhq.permissionPollMs';
export const NOTIFICATIONS_CAP = 10;
export const UNREAD_BADGE_CAP = 99;
export const APP_VERSION = 'v00.04';
export const TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;

/** Failed sign-ins per IP + e-mail before the server answers 429. */
export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

/**
 * Limits per client address, whatever the e-mail (docs/decisions/0007-bounded-work.md): the per-e-mail throttle does not stop guesses
 * spread over many e-mails. Sign-ins count the attempts that did not succeed.
 */
export const ADDRESS_LIMITS = {
  signIn: { name: 'login-ip', limit: 20, windowMs: 15 * 60 * 1000 },
  signUp: { name: 'register-ip', limit: 10, windowMs: 60 * 60 * 1000 },
  domainCheck: { name: 'check-domain-ip', limit: 30, windowMs: 15 * 60 * 1000 },
  passwordReset: { name: 'reset-password-ip', limit: 10, windowMs: 15 * 60 * 1000 },
  workspaceRecovery: { name: 'workspace-recovery-ip', limit: 10, windowMs: 15 * 60 * 1000 },
} as const;
export type AddressLimitName = keyof typeof ADDRESS_LIMITS;

/**
 * Sign-ins per account, whatever the address (docs/product/auth.md#failed-sign-ins): guesses spread over many addresses. Past `limit`
 * attempts in `windowMs` the e-mail waits `firstWaitMs`; after a wait one attempt goes through, and if it
 * fails the next wait is twice as long, up to `maxWaitMs`. Attempts refused during a wait do not lengthen
 * it, so a stranger cannot keep the owner out; a right password, or `forgetAfterMs` without any attempt
 * after a wait, starts afresh. Counted for every e-mail, with or without an account.
 */
export const LOGIN_ACCOUNT_BUDGET = {
  name: 'login-account',
  limit: 10,
  windowMs: 15 * 60 * 1000,
  firstWaitMs: 60 * 1000,
  maxWaitMs: 15 * 60 * 1000,
  forgetAfterMs: 60 * 60 * 1000,
} as const;

/** An account's owner is e-mailed once a day at most that its password is being guessed. */
export const SIGN_IN_ALERT_LIMIT = {
  name: 'sign-in-alert',
  limit: 1,
  windowMs: 24 * 60 * 60 * 1000,
} as const;

/**
 * An address (IPv4, or IPv6 /64) an account signed in from: for this long its sign-ins to that account
 * skip the account's wait (the per-address limits still apply), so guesses from elsewhere never lock the
 * owner out of their usual place.
 */
export const KNOWN_SIGN_IN_ADDRESS = {
  name: 'login-known-address',
  limit: 1,
  windowMs: 30 * 24 * 60 * 60 * 1000,
} as const;

export const TOAST = {
  durationMs: 4000,
  visibleToasts: 3,
  gap: 14,
  width: 356,
  appPosition: 'top-right',
  /**
   * App toasts start below the 64 px sticky header: at sonner's own 24 px they covered the header's Logout
   * button and bell for their 4 s, and a click there landed on the toast.
   */
  appTopOffsetPx: 72,
  hotkey: ['altKey', 'KeyT'],
  swipeThreshold: 45,
} as const;

/** The sitemap protocol's limit on URLs in one file (sitemaps.org); a bigger site gets a sitemap index. */
export const SITEMAP_MAX_URLS = 50_000;
/** The feed carries the newest posts with their full content; readers keep what they already fetched. */
export const RSS_MAX_ITEMS = 100;

/**
 * Confirming it is you (docs/security.md#lasting-credentials): a session that signed in or confirmed its
 * password within `windowMs` may add API keys and webhooks, approve Botgit and change where mail and
 * events go; after it, those ask again. Wrong passwords there count per account, like sign-in's.
 */
export const IDENTITY_CONFIRMATION = {
  windowMs: 15 * 60 * 1000,
  wrongPerAccount: 5,
  wrongWindowMs: 15 * 60 * 1000,
} as const;
