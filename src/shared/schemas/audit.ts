import { z } from 'zod';
import { pageInfoSchema } from './answers';
import { AUDIT_KINDS, AUDIT_LIMITS } from '../audit';

export const auditKindFilterSchema = z.enum([...AUDIT_KINDS, 'other']);

/** GET /api/security/audit and /api/security/audit/export. `from`/`to` are whole UTC days, inclusive. */
export const auditQuerySchema = z.object({
  kind: auditKindFilterSchema.optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(AUDIT_LIMITS.maxPageSize).default(AUDIT_LIMITS.pageSize),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  _id: z.string(),
  /** One of AUDIT_KINDS, or 'other' for entries recorded before the audit log existed. */
  kind: auditKindFilterSchema,
  action: z.string(),
  /** Who did it; null for background work or an account since erased. */
  user: z.object({ username: z.string(), email: z.string() }).nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  pagination: pageInfoSchema,
});
export type AuditPage = z.infer<typeof auditPageSchema>;
