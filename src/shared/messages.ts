/** Every user-facing text of the spec (§2, §4, §5, §8), word for word. One source for server and web. */

export const AUTH_MESSAGES = {
  loginRequired: 'Please enter both email and password.',
  invalidResponse: 'Invalid response from server. Please try again.',
  badRequestFallback: 'Invalid email or password.',
  invalidCredentials: 'Invalid credentials. Please check your email and password.',
  serverError: 'Server error. Please try again later.',
  serverErrorStatus: (status: number) => `Server error (${status}). Please try again.`,
  cannotConnect: 'Cannot connect to server. Please check your internet connection.',
  unexpected: 'An unexpected error occurred.',
  loginFailed: 'Login failed. Please try again.',
  loginSuccess: 'Login successful! Welcome back!',
  chooseUserType: 'Please select which best describes you',
  passwordsMismatch: 'Passwords do not match',
  passwordTooShort: 'Password must be at least 6 characters long',
  domainNotFound: 'Business domain not found. Please contact your administrator.',
  registrationFailed: 'Registration failed',
  signupSuccess: 'Account created successfully!',
  teamMemberEmailHelp: "Please use your company email address. We'll verify your domain access.",
  unableToConnect: 'Unable to connect to server. Please check your connection.',
  notInternalTeam: 'You are not part of our Internal Team.',
} as const;

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
  unauthorized: 'Please sign in to continue.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  forbidden: 'You do not have permission to do this.',
  notFound: 'Not found.',
  badRequest: 'The request is not valid.',
  payloadTooLarge: 'The request is too large.',
  rateLimited: 'Too many requests. Please try again later.',
  internal: 'Something went wrong on our side. Please try again.',
  domainFound: 'Business domain found.',
} as const;
