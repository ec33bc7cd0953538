/** The audit log's texts; its kinds and limits are in ../audit.ts. */
export const AUDIT_MESSAGES = {
  title: 'Audit Logs',
  empty: 'No audit entries match these filters.',
  loading: 'Loading audit logs...',
  exportCsv: 'Export CSV',
  adminsOnly: "Only the workspace's Admin or Business Admin can read its audit log.",
} as const;
