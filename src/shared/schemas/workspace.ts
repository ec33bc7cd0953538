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

export interface WorkspaceMember {
  _id: string;
  username: string;
  email: string;
  role: string;
  status: string;
  lastActiveAt: string | null;
}

/** GET /api/workspace → `{ workspace, members }`. */
export interface WorkspaceInfo {
  _id: string;
  name: string;
  description: string;
  type: (typeof WORKSPACE_TYPES)[number];
  plan: (typeof WORKSPACE_PLANS)[number];
  domain: string | null;
  createdAt: string;
  memberCount: number;
  storageUsedBytes: number;
  /** null means unlimited. */
  storageLimitBytes: number | null;
}
