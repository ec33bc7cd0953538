/**
 * Plan limits (docs/product/workspace.md#plan-limits: enforced where the product states them), one table for
 * the server and the web app.
 *
 * How the spec's plans map to the workspace's `plan` values (docs/product/workspace.md#tenancy: Free, Professional, Business,
 * Enterprise):
 * - Free is the spec's Solo HQ ("the Solo HQ plan is free"): 5 projects, 10 members, 500 MB, 100 e-mails a
 *   day.
 * - Professional and Business are the spec's one mid-tier dashboard plan (₹12,999 a month): 500 members,
 *   unlimited projects, storage and e-mail. The spec prices one mid-tier plan; both values name it.
 * - Enterprise: like the mid-tier but unlimited members.
 * `null` is unlimited. The agency's own workspace and the waiting room are never limited (see
 * `limitsForWorkspace`).
 */
import { AGENCY_WORKSPACE_ID } from './workspace-deletion';
import { WAITING_ROOM_WORKSPACE_ID } from './email-confirmation';

export type PlanValue = 'Free' | 'Professional' | 'Business' | 'Enterprise';

export interface PlanLimits {
  /** The plan's name on the pricing page. */
  name: string;
  storageBytes: number | null;
  members: number | null;
  emailsPerDay: number | null;
  projects: number | null;
}

const MB = 1024 * 1024;

const MID_TIER: PlanLimits = {
  name: 'Dashboard',
  storageBytes: null,
  members: 500,
  emailsPerDay: null,
  projects: null,
};

export const PLAN_LIMITS: Record<PlanValue, PlanLimits> = {
  Free: { name: 'Solo HQ', storageBytes: 500 * MB, members: 10, emailsPerDay: 100, projects: 5 },
  Professional: MID_TIER,
  Business: MID_TIER,
  Enterprise: { name: 'Enterprise', storageBytes: null, members: null, emailsPerDay: null, projects: null },
};

const UNLIMITED: PlanLimits = {
  name: 'Agency',
  storageBytes: null,
  members: null,
  emailsPerDay: null,
  projects: null,
};

/** The limits a workspace works within: its plan's, except the agency and the waiting room (none). */
export function limitsForWorkspace(workspaceId: string, plan: string): PlanLimits {
  if (workspaceId === AGENCY_WORKSPACE_ID || workspaceId === WAITING_ROOM_WORKSPACE_ID) return UNLIMITED;
  return PLAN_LIMITS[plan as PlanValue] ?? PLAN_LIMITS.Free;
}

/**
 * The mail a workspace causes, counted against its e-mails a day: invitations, contact messages through its
 * set-up, test e-mails, its owners' follow-up digests. Platform mail (resets, confirmations, sign-in alerts, deletion notices, "member
 * joined") is never counted: nobody may be kept from resetting a password by a full day.
 */
export const COUNTED_MAIL_KINDS: readonly string[] = [
  'invitation',
  'contact',
  'test',
  'follow-up-digest',
  'invoice',
  'payment-reminder',
  'estimate',
  'portal-notice',
  'list-confirmation',
  'template-test',
  'campaign',
  'sequence',
];

/** Usage shown past this share in amber, and at the limit in red. */
export const USAGE_WARN_PERCENT = 80;

/** Whole megabytes as the refusals word them ("498 MB"). */
export const megabytes = (bytes: number): string => `${Math.floor(bytes / MB)} MB`;

/** The start of the next UTC day: when the day's e-mails count from zero again. */
export function nextUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

/** The UTC day a mail counts in, as YYYY-MM-DD. */
export const utcDay = (now: Date): string => now.toISOString().slice(0, 10);
