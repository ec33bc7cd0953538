import { randomUUID } from 'node:crypto';
import type { UserRow } from '../../db/types';

/** Who a new account is, as its creator (the first start's seed, or sign-up) decides it. */
export interface NewUser {
  workspaceId: string;
  username: string;
  name: string;
  email: string;
  passwordHash: string;
  role: string;
  status: string;
  /** When it is created (ISO-8601 UTC). */
  at: string;
  lastActiveAt: string | null;
  /** When its address was proven, or null until its confirmation link is opened (docs/product/auth.md#proven-addresses). */
  emailConfirmedAt: string | null;
  /** A Team Member signed up by domain: the workspace they join once confirmed. */
  pendingWorkspaceId?: string | null;
}

/** The one place a new account's row is built: no permissions, no access tags, an empty profile. */
export function newUserRow(user: NewUser): UserRow {
  return {
    id: randomUUID(),
    workspace_id: user.workspaceId,
    username: user.username,
    name: user.name,
    email: user.email,
    password_hash: user.passwordHash,
    role: user.role,
    status: user.status,
    permissions: '{}',
    access: '[]',
    phone: '',
    location: '',
    profile_image: '',
    created_at: user.at,
    updated_at: user.at,
    last_active_at: user.lastActiveAt,
    session_version: 0,
    email_confirmed_at: user.emailConfirmedAt,
    pending_workspace_id: user.pendingWorkspaceId ?? null,
  };
}
