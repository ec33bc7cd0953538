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
  /** The account's own wait (issue 25): the same for an e-mail with or without an account. */
  tooManyAccountLogins: (minutes: number) =>
    `Too many failed sign-in attempts for this email. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or reset your password.`,
  unauthorized: 'Please sign in to continue.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  forbidden: 'You do not have permission to do this.',
  notFound: 'Not found.',
  badRequest: 'The request is not valid.',
  payloadTooLarge: 'The request is too large.',
  rateLimited: 'Too many requests. Please try again later.',
  internal: 'Something went wrong on our side. Please try again.',
  databaseUnavailable: 'The service is briefly unavailable. Please try again in a moment.',
  /** Sign-ins and sign-ups are momentarily saturated (bounded password hashing), or the instance is overloaded. */
  busy: 'The service is busy right now. Please try again in a moment.',
  exportsRunning: 'Two exports of this workspace are already running. Please wait until one has finished.',
  domainFound: 'Business domain found.',
} as const;

/** Every settings form's save button (spec §2 uses these texts for the blog editor and profile). */
export const FORM_MESSAGES = {
  saving: 'Saving...',
  saveChanges: 'Save Changes',
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
  /** A Team Member or 'User' account (spec §6) calling anything beyond its own account (issue 26). */
  outsideDashboard:
    'Your account has no access to workspace data. Contact an administrator to request additional access.',
  ownerOrAdminOnly: 'Only a Business Admin or an Admin can change workspace settings.',
  userNotFound: 'User not found.',
  imageInvalid: 'Profile image must be a PNG, JPEG, WebP or GIF image of at most 1 MB.',
  usernameRequired: 'Username is required',
  workspaceNameRequired: 'Workspace name is required',
} as const;

/** Spec §2, §5, §8 blog texts. */
export const BLOG_MESSAGES = {
  titleRequired: 'Title is required',
  titleTooLong: 'Title must be 60 characters or less',
  metaDescriptionRequired: 'Meta description is required',
  metaDescriptionTooLong: 'Meta description must be 160 characters or less',
  categoryRequired: 'Category is required',
  contentRequired: 'Content is required',
  tooManyKeywords: 'Maximum 5 keywords allowed',
  statusUpdateFailed: 'Failed to update blog status. Please try again.',
  deleteConfirm: 'Are you sure you want to delete this blog post? This action cannot be undone.',
  deleteFailed: 'Failed to delete blog post. Please try again.',
  notFound: 'Blog post not found',
  notFoundTitle: 'Blog Post Not Found',
  notFoundText: 'The blog post you are looking for does not exist.',
  urlCopied: 'URL copied to clipboard!',
  emptyDashboard: 'No blogs found',
  createFirst: 'Create Your First Blog',
  loadingBlog: 'Loading blog...',
  saving: FORM_MESSAGES.saving,
  emptyPublicTitle: 'No blog posts found',
  emptyPublicText: 'Check back soon for new content!',
  /** A list page past the last one, or of a category that does not exist (answered with 404). */
  listNotFoundTitle: 'Page Not Found',
  listNotFoundText: 'This page of the blog does not exist.',
  loadingPosts: 'Loading blog posts...',
  loadingInsights: 'Loading latest insights...',
  teaserHeading: 'Your Story, Our Insights.',
  readAll: 'Read All Journals',
  /** Server texts with no spec wording. */
  imageTooLarge: 'The featured image must be 5 MB or smaller.',
  imagesBusy: 'Two images of this workspace are already being processed. Please try again in a moment.',
  imageNotAnImage: 'The featured image must be an image file.',
  categoryNotFound: 'Category not found.',
} as const;

/** Scheduling, autosave, revisions, preview links and per-post SEO (issue 16): no spec wording exists. */
export const PUBLISHING_MESSAGES = {
  publishAtInvalid: 'Choose a valid publish date and time.',
  publishAtPast: 'The publish time must be in the future.',
  publishAtNeedsDraft: 'Only a draft can be scheduled: set the status to draft, or clear the publish time.',
  canonicalInvalid: 'The canonical URL must be a full address starting with https:// or http://.',
  staleSave: 'This post was changed by someone else since you opened it.',
  revisionNotFound: 'Revision not found.',
  previewNotFound: 'Preview link not found.',
  previewNotDraft: 'Only a draft or scheduled post can be shared as a preview.',
  previewAgencyOnly: "Preview links are for the public website's posts (the agency workspace).",
  previewLimit: (max: number) => `A post can have at most ${max} live preview links. Revoke one first.`,
  scheduledActivity: (title: string) => `'${title}' was published as scheduled`,
  restoredActivity: (username: string, title: string) =>
    `${username} restored an earlier version of '${title}'`,
  previewBanner: 'Preview — this post is not published yet. Only people with this link can see it.',
  autosaveSaved: 'Saved',
  autosaveSaving: 'Saving...',
  autosaveFailed: 'Not saved — retrying',
  autosaveOffered: 'You have unsaved changes from',
  restoreTitle: 'Restore this version?',
  restoreDone: 'Revision restored.',
  previewCreated: 'Preview link created and copied.',
  previewRevoked: 'Preview link revoked.',
} as const;

export const CATEGORY_MESSAGES = {
  nameRequired: 'Category name is required',
  createFailed: 'Failed to create category',
  loadFailed: 'Failed to load categories',
  loading: 'Loading categories...',
  empty: 'No categories created yet.',
  nameTaken: 'A category with this name already exists.',
  inUse: (count: number) =>
    `This category is used by ${count} post${count === 1 ? '' : 's'}. Move them to another category first.`,
} as const;

/** Spec §8 lead texts. */
export const LEAD_MESSAGES = {
  updated: 'Lead updated successfully!',
  added: 'Lead added successfully!',
  deleted: 'Lead deleted successfully!',
  statusUpdated: 'Lead status updated successfully!',
  exported: 'Leads exported successfully!',
  imported: (count: number) => `${count} leads imported successfully!`,
  importError: 'Error importing leads. Please check your CSV format.',
  deleteConfirm: 'Are you sure you want to delete this lead? This action cannot be undone.',
  empty: 'No leads found. Try adjusting your search or filter criteria',
  /** Server texts with no spec wording. */
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  notFound: 'Lead not found.',
  csvOnly: 'Only .csv files can be imported.',
  missingColumns:
    'The CSV needs a header row with a Name (or First and Last Name) column and an Email, Phone or profile URL column.',
  mappingInvalid:
    'The column mapping could not be read. Choose a lead field or "don\'t import" for each column.',
  mappingUnknownColumn: (column: string) => `The file has no column "${column}" to map.`,
  importRunning: 'An import is already running for this workspace. Please wait until it has finished.',
} as const;

/** Spec §5, §8 contact form texts; the server answers missing fields with the same words. */
export const CONTACT_MESSAGES = {
  requiredFields: 'Please fill required fields.',
  failed: 'Something went wrong. Try again later.',
  sent: 'Message sent! We will reply shortly.',
  /** Server texts with no spec wording. */
  emailInvalid: 'Please enter a valid email address',
  tooLong: (field: string, max: number) => `${field} must be ${max} characters or less.`,
  rateLimited: (minutes: number) =>
    `You have sent several messages in a short time. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const;
