/** Texts the server answers with where the spec gives none; written in the spec's voice. */
export const SERVER_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  businessNameRequired: 'Business name is required',
  usernameRequired: 'Username is required',
  emailTaken: 'An account with this email already exists.',
  domainTaken: 'A workspace for this email domain already exists. Sign up as a Team Member to join it.',
  accountBlocked: 'This account is not active. Please contact your administrator.',
  tooManyLogins: (minutes: number) =>
    `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  /** The account's own wait (docs/product/auth.md#failed-sign-ins): the same for an e-mail with or without an account. */
  tooManyAccountLogins: (minutes: number) =>
    `Too many failed sign-in attempts for this email. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or reset your password.`,
  unauthorized: 'Please sign in to continue.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  forbidden: 'You do not have permission to do this.',
  notFound: 'Not found.',
  badRequest: 'The request is not valid.',
  payloadTooLarge: 'The request is too large.',
  /** An upload that stalled or crawled (docs/security.md#floods): its slot goes to someone else. */
  uploadTooSlow: 'The file arrived too slowly. Check your connection and try again.',
  rateLimited: 'Too many requests. Please try again later.',
  internal: 'Something went wrong on our side. Please try again.',
  databaseUnavailable: 'The service is briefly unavailable. Please try again in a moment.',
  /** Sign-ins and sign-ups are momentarily saturated (bounded password hashing), or the instance is overloaded. */
  busy: 'The service is busy right now. Please try again in a moment.',
  exportsRunning: 'Two exports of this workspace are already running. Please wait until one has finished.',
  domainFound: 'Business domain found.',
} as const;
