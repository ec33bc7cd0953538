import { LEAD_VIEW_LIMITS } from '../lead-views';

/** Saved views' texts (docs/product/leads.md#saved-views). */
export const LEAD_VIEW_MESSAGES = {
  nameRequired: 'Give the view a name.',
  nameTooLong: `A view's name is at most ${LEAD_VIEW_LIMITS.nameMax} characters.`,
  queryInvalid: 'The view could not be read: choose the filters again and save it.',
  nothingToChange: 'Nothing to change: send a new name, query or sharing.',
  notFound: 'View not found.',
  duplicateName: 'You already have a view with this name. Choose another name.',
  duplicateSharedName: 'The workspace already shares a view with this name. Choose another name.',
  shareAdminsOnly: "Only the workspace's Admin or Business Admin can share a view with the workspace.",
  sharedAdminsOnly: "Only the workspace's Admin or Business Admin can change or delete a shared view.",
  tooManyMine: `You have ${LEAD_VIEW_LIMITS.perUser} saved views, the most one person can keep. Delete one to save another.`,
  tooManyShared: `The workspace shares ${LEAD_VIEW_LIMITS.sharedPerWorkspace} views, the most it can. Delete a shared view to share another.`,
  /** The web app's own. */
  saved: (name: string) => `View "${name}" saved.`,
  updated: (name: string) => `View "${name}" updated.`,
  deleted: (name: string) => `View "${name}" deleted.`,
  gone: 'That saved view is not available any more. The list shows the filters of the link.',
  deleteConfirm: (name: string) => `Delete the view "${name}"? The leads themselves are not changed.`,
} as const;
