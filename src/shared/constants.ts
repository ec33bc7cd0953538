/** Spec §9 numbers. */
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
 * Limits per client address, whatever the e-mail (issue 15): the per-e-mail throttle does not stop guesses
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

export const TOAST = {
  durationMs: 4000,
  visibleToasts: 3,
  gap: 14,
  width: 356,
  appPosition: 'top-right',
  hotkey: ['altKey', 'KeyT'],
  swipeThreshold: 45,
} as const;

/** Domains of public mail providers: a business signing up with one of these gets no workspace domain. */
export const PUBLIC_MAIL_DOMAINS: readonly string[] = [
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'yahoo.co.in',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'icloud.com',
  'me.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'mail.com',
  'zoho.com',
  'yandex.com',
  'rediffmail.com',
];

/** The sitemap protocol's limit on URLs in one file (sitemaps.org); a bigger site gets a sitemap index. */
export const SITEMAP_MAX_URLS = 50_000;
/** The feed carries the newest posts with their full content; readers keep what they already fetched. */
export const RSS_MAX_ITEMS = 100;
