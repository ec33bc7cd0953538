/** Workspace deletion with recovery (docs/product/workspace.md#danger-zone): constants and texts shared by the server and the web app. */

/** A deleted workspace can be recovered for this many days; then it is erased for good. */
export const WORKSPACE_RECOVERY_DAYS = 30;

/**
 * The agency's own workspace has a fixed id, so concurrent first starts create it exactly once. It can never
 * be deleted; the web app reads it to say so in the Danger Zone.
 */
export const AGENCY_WORKSPACE_ID = '00000000-0000-4000-8000-000000000001';

/** Roles that own a workspace: they get the recovery e-mail (else the person who deleted it does). */
export const WORKSPACE_OWNER_ROLES = ['Business Admin', 'Freelancer'] as const;

export const WORKSPACE_DELETION_MESSAGES = {
  confirmNameMismatch: 'Type the workspace name exactly as shown to confirm.',
  agencyWorkspace: "The agency's own workspace cannot be deleted.",
  ownerOrAdminOnly: 'Only the Business Admin of this workspace or an Admin can delete it.',
  alreadyDeleted: 'This workspace has already been deleted.',
  deleted: (days: number) =>
    `Workspace deleted. Its owners were e-mailed a link to recover it within ${days} days.`,
  workspaceDeleted:
    'This workspace has been deleted. Its owner can recover it from the link in the deletion e-mail.',
  recoveryLinkInvalid: 'This recovery link is not valid or has expired.',
  notRecoverable: 'This workspace is not deleted, or can no longer be recovered.',
  recovered: 'Workspace recovered. Everyone in it can sign in again.',
  /** The dialog. */
  dialogTitle: 'Delete this workspace?',
  dialogHelp: (days: number) =>
    `Everyone in it is signed out and shut out at once. The owners get an e-mail to recover it within ${days} days; after that it is erased for good.`,
  typeNameLabel: (name: string) => `Type "${name}" to confirm`,
  confirmButton: 'Delete Workspace',
  deleting: 'Deleting...',
  /** The recovery page. */
  recoverTitle: 'Recover your workspace',
  recoverButton: 'Recover workspace',
  recoverHelp:
    'Recovering brings the workspace back as it was: its members, leads and posts. Everyone in it then signs in again with their password.',
  recovering: 'Recovering...',
  deletedListTitle: 'Deleted workspaces',
  deletedListEmpty: 'No deleted workspaces.',
  recover: 'Recover',
  /** Why 'Delete Workspace' is not available to the signed-in user. */
  agencyHint: "The agency's own workspace cannot be deleted. Deleted client workspaces are listed below.",
  roleHint: 'Only the Business Admin of this workspace or an Admin can delete it.',
  available: (days: number) =>
    `Shuts everyone in it out at once. Its owners can recover it within ${days} days; then it is erased for good.`,
  deleteFailed: 'The workspace could not be deleted. Please try again.',
  recoverFailed: 'The workspace could not be recovered. Please try again.',
  recoveredByAdmin: (name: string) => `${name} recovered. Everyone in it can sign in again.`,
  backToSignIn: 'Go to sign in',
  cancel: 'Cancel',
  /** The deleted workspaces list (Admin). */
  columns: { deletedAt: 'Deleted', purgeAfter: 'Erased on', members: 'Members' },
  /** The activity trail. */
  deletedActivity: (username: string, name: string) => `${username} deleted the workspace "${name}"`,
  recoveredActivity: (name: string) => `The workspace "${name}" was recovered from the deletion e-mail`,
  recoveredByAdminActivity: (username: string, name: string) =>
    `${username} recovered the workspace "${name}"`,
  purgedActivity: (name: string, days: number) =>
    `The workspace "${name}" was erased for good, ${days} days after it was deleted`,
  /** The e-mail to the owners. */
  mailSubject: (name: string, siteName: string) => `${name} was deleted from ${siteName}`,
  mailDeletedBy: (name: string, by: string, siteName: string) =>
    `${by} deleted the workspace ${name} on ${siteName}. Everyone in it has been signed out and cannot sign in.`,
  mailRecoverUntil: (until: string) =>
    `You can recover it, with all its leads, posts and members, until ${until}. After that it is erased for good and cannot be brought back.`,
  mailAction: 'Recover the workspace',
  mailFootnote: 'If the deletion was intended, ignore this e-mail: nothing more is needed.',
} as const;
