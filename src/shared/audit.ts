/**
 * The audit log (docs/product/workspace.md#audit-log): the kinds of event recorded in the activity trail, with the labels the
 * Security tab's filter shows. Entries are never edited or deleted through the API.
 */
export const AUDIT_KINDS = [
  'sign-in',
  'sign-in-failed',
  'role-changed',
  'status-changed',
  'permissions-changed',
  'post-published',
  'post-deleted',
  'leads-imported',
  'leads-exported',
  'smtp-changed',
  'two-factor',
  'workspace-deleted',
  'workspace-recovered',
  'workspace-purged',
  'site-published',
  'webhook-changed',
  'api-key',
  'lead-converted',
  'project-delivered',
  'time-approved',
  'invoice-finalised',
  'invoice-deleted',
  'credit-note-issued',
  'payment-recorded',
  'payment-deleted',
  'estimate-accepted',
  'estimate-declined',
  'estimate-deleted',
  'estimate-converted',
  'portal-access',
  'payment-notice',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export const AUDIT_KIND_LABELS: Record<AuditKind | 'other', string> = {
  'sign-in': 'Sign-in',
  'sign-in-failed': 'Failed sign-in',
  'role-changed': 'Role change',
  'status-changed': 'Status change',
  'permissions-changed': 'Permission change',
  'post-published': 'Post published',
  'post-deleted': 'Post deleted',
  'leads-imported': 'Leads imported',
  'leads-exported': 'Leads exported',
  'smtp-changed': 'Email setup change',
  'two-factor': 'Two-factor change',
  'workspace-deleted': 'Workspace deleted',
  'workspace-recovered': 'Workspace recovered',
  'workspace-purged': 'Workspace erased',
  'site-published': 'Website published',
  'webhook-changed': 'Webhook change',
  'api-key': 'API key',
  'lead-converted': 'Lead converted',
  'project-delivered': 'Project delivered',
  'time-approved': 'Time approved',
  'invoice-finalised': 'Invoice finalised',
  'invoice-deleted': 'Draft invoice deleted',
  'credit-note-issued': 'Credit note issued',
  'payment-recorded': 'Payment recorded',
  'payment-deleted': 'Payment deleted',
  'estimate-accepted': 'Estimate accepted',
  'estimate-declined': 'Estimate declined',
  'estimate-deleted': 'Estimate deleted',
  'estimate-converted': 'Estimate made a project',
  'portal-access': 'Client portal access',
  'payment-notice': 'Client says paid',
  other: 'Other',
};

/** Who may read a workspace's audit log: its Admin or Business Admin, and only their own workspace's. */
export const AUDIT_READER_ROLES: readonly string[] = ['Admin', 'Business Admin'];
export const canReadAuditLog = (role: string): boolean => AUDIT_READER_ROLES.includes(role);

export const AUDIT_LIMITS = {
  pageSize: 25,
  maxPageSize: 100,
  /** One CSV export holds at most this many entries (the newest first). */
  exportMax: 50_000,
} as const;
