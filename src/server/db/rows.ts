import type { PublicUser } from '../../shared/schemas/public-user';
import type { PermissionMap, PermissionSubject } from '../../shared/roles';
import type { SessionUser, UserRow } from './types';

/** The one place that turns stored text (JSON, timestamps) into what the app and API see. */
export function parseJson<T>(text: string | null | undefined, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** Every column but the password hash and profile image: what each signed-in request reads. */
export const SESSION_USER_COLUMNS = [
  'id',
  'workspace_id',
  'username',
  'name',
  'email',
  'role',
  'status',
  'permissions',
  'access',
  'phone',
  'location',
  'last_active_at',
  'session_version',
  'email_confirmed_at',
  'pending_workspace_id',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof SessionUser)[];

export function nowIso(): string {
  return new Date().toISOString();
}

/** A user as the API shows it; `row` may come without its password hash, never needed here. */
export function toPublicUser(row: Omit<UserRow, 'password_hash'>): PublicUser {
  return {
    _id: row.id,
    id: row.id,
    username: row.username,
    name: row.name,
    email: row.email,
    phone: row.phone,
    location: row.location,
    role: row.role,
    status: row.status,
    access: parseJson<string[]>(row.access, []),
    permissions: parseJson<PermissionMap>(row.permissions, {}),
    profileImage: row.profile_image,
    workspaceId: row.workspace_id,
    createdAt: row.created_at,
    lastActiveAt: row.last_active_at,
    emailConfirmed: row.email_confirmed_at !== null,
  };
}

/** What the shared permission rules (hasPermission, canUseModule) need from a stored user. */
export function permissionSubject(row: Pick<UserRow, 'role' | 'permissions'>): PermissionSubject {
  return { role: row.role, permissions: parseJson<PermissionMap>(row.permissions, {}) };
}

/** Timeline rows (a client's, a project's) as the API shows them: their JSON details parsed. */
export function timelineEvents(
  rows: readonly { id: string; kind: string; actor_name: string; data: string; at: string }[],
) {
  return rows.map((row) => ({
    _id: row.id,
    kind: row.kind,
    actor: row.actor_name,
    data: parseJson<Record<string, unknown>>(row.data, {}),
    at: row.at,
  }));
}
