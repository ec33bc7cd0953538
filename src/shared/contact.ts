/** Contact form limits, free of zod so the public pages can import them cheaply. */

/** Limits of the contact form (docs/product/public-site.md#contact); notes (subject + message) stay within a lead's 5000. */
export const CONTACT_LIMITS = {
  nameMax: 200,
  emailMax: 254,
  subjectMax: 200,
  messageMax: 4000,
  /** Text the home hero may carry into the message through the URL. */
  heroMessageMax: 1000,
  /** Accepted messages per client IP within the window before the server answers 429. */
  rateLimit: 5,
  rateWindowMs: 10 * 60 * 1000,
} as const;
