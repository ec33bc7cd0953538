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

export const PROFILE_MESSAGES = {
  restricted:
    'Restricted Access: Your account has limited permissions. Contact an administrator to request additional access.',
} as const;

/** Refusals of the users, profile and workspace API (no spec text exists for these). */
export const ACCESS_MESSAGES = {
  lastAdmin: 'The last active Admin cannot be demoted or deactivated.',
  adminOnly: 'Only an Admin can do this.',
  /** A Team Member or 'User' account (docs/product/roles-and-access.md#dashboard-access) calling anything beyond its own account. */
  outsideDashboard:
    'Your account has no access to workspace data. Contact an administrator to request additional access.',
  ownerOrAdminOnly: 'Only a Business Admin or an Admin can change workspace settings.',
  userNotFound: 'User not found.',
  imageInvalid: 'Profile image must be a PNG, JPEG, WebP or GIF image of at most 1 MB.',
  usernameRequired: 'Username is required',
  workspaceNameRequired: 'Workspace name is required',
} as const;
