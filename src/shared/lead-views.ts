/** Saved views of Client Leads (docs/product/leads.md#saved-views): vocabulary, limits and who may share. Free of zod. */
import { AGENCY_WORKSPACE_ID } from './workspace-deletion';

/** How the list is shown: the table (the default) or the board by status. */
export const LEAD_LAYOUTS = ['table', 'board'] as const;
export type LeadLayout = (typeof LEAD_LAYOUTS)[number];

export const LEAD_VIEW_LIMITS = {
  /** A view's name, trimmed, is 1 to this many characters. */
  nameMax: 60,
  /** Views one person keeps (shared ones included). */
  perUser: 50,
  /** Views a workspace shares. */
  sharedPerWorkspace: 50,
} as const;

/**
 * The workspace's admins, who share views with it and change or delete its shared views: its Business
 * Admin, and in the agency's workspace an Admin.
 */
export function mayShareLeadViews(user: { role?: string | null; workspaceId: string }): boolean {
  return (
    user.role === 'Business Admin' || (user.role === 'Admin' && user.workspaceId === AGENCY_WORKSPACE_ID)
  );
}
