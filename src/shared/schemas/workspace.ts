import { z } from 'zod';
import { ACCESS_MESSAGES } from '../messages';

export const WORKSPACE_TYPES = ['Business', 'Personal', 'Enterprise', 'Educational'] as const;
export const WORKSPACE_PLANS = ['Free', 'Professional', 'Business', 'Enterprise'] as const;

/** PUT /api/workspace (Business Admin of the workspace, or Admin). */
export const workspaceUpdateSchema = z
  .object({
    name: z.string().trim().min(1, ACCESS_MESSAGES.workspaceNameRequired).max(120),
    description: z.string().trim().max(500).default(''),
    type: z.enum(WORKSPACE_TYPES),
  })
  .strip();
export type WorkspaceUpdateInput = z.infer<typeof workspaceUpdateSchema>;

/* What the workspace routes answer. */

export const workspaceMemberSchema = z.object({
  _id: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.string(),
  status: z.string(),
  lastActiveAt: z.string().nullable(),
});
export type WorkspaceMember = z.infer<typeof workspaceMemberSchema>;

/** One figure of a plan's usage; a null limit is unlimited. */
const usageFigureSchema = z.object({ used: z.number(), limit: z.number().nullable() });

/** Plan limits in use (docs/product/workspace.md#plan-limits): storage in bytes, members, e-mails sent today (UTC), open projects. */
export const workspaceUsageSchema = z.object({
  planName: z.string(),
  storage: usageFigureSchema,
  members: usageFigureSchema,
  emailsToday: usageFigureSchema,
  openProjects: usageFigureSchema,
});
export type WorkspaceUsage = z.infer<typeof workspaceUsageSchema>;

export const workspaceInfoSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  type: z.enum(WORKSPACE_TYPES),
  plan: z.enum(WORKSPACE_PLANS),
  domain: z.string().nullable(),
  createdAt: z.string(),
  memberCount: z.number(),
  storageUsedBytes: z.number(),
  /** null means unlimited. */
  storageLimitBytes: z.number().nullable(),
  usage: workspaceUsageSchema,
});
export type WorkspaceInfo = z.infer<typeof workspaceInfoSchema>;

/** GET /api/workspace */
export const workspaceAnswerSchema = z.object({
  workspace: workspaceInfoSchema,
  members: z.array(workspaceMemberSchema),
});
/** PUT /api/workspace */
export const workspaceWriteAnswerSchema = z.object({ workspace: workspaceInfoSchema });
