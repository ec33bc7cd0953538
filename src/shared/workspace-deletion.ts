/** Workspace deletion with recovery (issue 17): constants and texts shared by the server and the web app. */

/** A deleted workspace can be recovered for this many days; then it is erased for good. */
export const WORKSPACE_RECOVERY_DAYS = 30;

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
  recovering: 'Recovering...',
  deletedListTitle: 'Deleted workspaces',
  deletedListEmpty: 'No deleted workspaces.',
  recover: 'Recover',
} as const;
