/**
 * The client portal's e-mail notifications (docs/product/portal.md#notifications): their kinds, the portal
 * page each one opens, and the unsubscribe page. Free of zod and of Node.
 */

/** What a portal contact may be e-mailed about; each can be turned off on its own. */
export const PORTAL_NOTICE_KINDS = ['invoice', 'estimate', 'task-approval', 'comment'] as const;
export type PortalNoticeKind = (typeof PORTAL_NOTICE_KINDS)[number];

export const isPortalNoticeKind = (value: unknown): value is PortalNoticeKind =>
  (PORTAL_NOTICE_KINDS as readonly unknown[]).includes(value);

/** The portal page a notice links to: the invoice, the estimate, or the task (approvals and comments). */
export function portalNoticePath(kind: PortalNoticeKind, targetId: string): string {
  const id = encodeURIComponent(targetId);
  if (kind === 'invoice') return `/portal/invoices/${id}`;
  if (kind === 'estimate') return `/portal/estimates/${id}`;
  return `/portal/tasks/${id}`;
}

/** The page an unsubscribe link opens (its token in `?token=`); it asks before anything changes. */
export const PORTAL_UNSUBSCRIBE_PATH = '/portal/unsubscribe';

export const PORTAL_NOTICES = {
  /** Unsubscribe requests (page or one-click) per client address per window before 429. */
  unsubscribePerIpLimit: 60,
  unsubscribePerIpWindowMs: 15 * 60 * 1000,
  /** An unsubscribe token is far shorter; anything longer is refused unread. */
  tokenMax: 200,
} as const;

/**
 * What caused a notice, as the mail names it. Names typed by people (a task's title, a comment's author)
 * are flattened to one line and cut when the mail is made.
 */
export type PortalNoticeSubject =
  | { kind: 'invoice'; number: string; total: string; dueDate: string | null }
  | { kind: 'estimate'; number: string; total: string; validUntil: string }
  | { kind: 'task-approval'; task: string; project: string }
  | { kind: 'comment'; task: string; project: string; author: string };

/** One notice to the contacts of a client with portal access: what it is about and the object it opens. */
export type PortalNotice = PortalNoticeSubject & {
  workspaceId: string;
  clientId: string;
  /** The invoice's, estimate's or task's id: the link opens its portal page. */
  targetId: string;
  /** The address the document itself was just e-mailed to: it needs no second mail about it. */
  alreadyMailed?: string;
};
