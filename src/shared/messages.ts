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

/** Spec §2, §6, §8: the dashboard shell, users & roles, permissions, notifications, profile. */
export const DASHBOARD_MESSAGES = {
  loading: 'Loading...',
  sectionNotFound: 'Section Not Found - The requested section could not be found.',
  loadFailed: 'Failed to load dashboard data',
  noSearchResults: (text: string) => `No results found for "${text}"`,
} as const;

export const USERS_MESSAGES = {
  fetchFailed: 'Failed to fetch users',
  loading: 'Loading users...',
  emptyTitle: 'No users found',
  emptyHint: 'Try adjusting your search or filter criteria',
  roleUpdated: 'User role updated successfully',
  roleUpdateFailed: 'Failed to update user role',
  userUpdated: 'User updated successfully',
  userUpdateFailed: 'Failed to update user',
  permissionUpdated: 'Permission updated successfully',
  permissionUpdateFailed: 'Failed to update permission',
  permissionsChangedTitle: 'Your permissions have been updated!',
  permissionsChangedDescription: 'Your access levels have been modified by an administrator.',
} as const;

export const PLAN_MESSAGES = {
  upgradeSuccess: 'Successfully upgraded to Solo HQ Dashboard!',
  upgradeFailed: 'Failed to upgrade role. Please try again.',
  differentPlan: 'You already have a different plan active.',
  contactSales: 'Please contact sales to upgrade your plan.',
} as const;

export const NOTIFICATION_MESSAGES = {
  empty: 'No notifications',
} as const;

export const PROFILE_MESSAGES = {
  restricted:
    'Restricted Access: Your account has limited permissions. Contact an administrator to request additional access.',
} as const;

/** Refusals of the users, profile and workspace API (no spec text exists for these). */
export const ACCESS_MESSAGES = {
  lastAdmin: 'The last active Admin cannot be demoted or deactivated.',
  adminOnly: 'Only an Admin can do this.',
  ownerOrAdminOnly: 'Only a Business Admin or an Admin can change workspace settings.',
  userNotFound: 'User not found.',
  upgradeOnlyUser: 'You already have a different plan active.',
  imageInvalid: 'Profile image must be a PNG, JPEG, WebP or GIF image of at most 1 MB.',
  usernameRequired: 'Username is required',
  workspaceNameRequired: 'Workspace name is required',
} as const;
