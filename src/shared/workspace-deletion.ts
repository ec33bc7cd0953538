/**
 * Workspace deletion with recovery (docs/product/workspace.md#danger-zone): constants shared by the server and the web app (the texts
 * are in messages/workspace-deletion.ts).
 */

/** A deleted workspace can be recovered for this many days; then it is erased for good. */
export const WORKSPACE_RECOVERY_DAYS = 30;

/**
 * The agency's own workspace has a fixed id, so concurrent first starts create it exactly once. It can never
 * be deleted; the web app reads it to say so in the Danger Zone.
 */
export const AGENCY_WORKSPACE_ID = '00000000-0000-4000-8000-000000000001';

/** Roles that own a workspace: they get the recovery e-mail (else the person who deleted it does). */
export const WORKSPACE_OWNER_ROLES = ['Business Admin', 'Freelancer'] as const;
