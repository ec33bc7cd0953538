import type { Insertable, Selectable, Updateable } from 'kysely';

/**
 * The single description of every table. Portable conventions (DESIGN §4): text UUID ids made in the
 * app, timestamps as ISO-8601 UTC text, JSON as text, flags as integers 0/1 read through db/rows.ts.
 */
export interface WorkspacesTable {
  id: string;
  name: string;
  /** E-mail domain whose owners may join as Team Members; null for personal or public-mail workspaces. */
  domain: string | null;
  kind: 'agency' | 'business' | 'personal';
  description: string;
  /** One of WORKSPACE_TYPES (spec §3): Business, Personal, Enterprise, Educational. */
  type: string;
  /** One of WORKSPACE_PLANS (spec §3): Free, Professional, Business, Enterprise. */
  plan: string;
  created_at: string;
  updated_at: string;
}

export interface UsersTable {
  id: string;
  workspace_id: string;
  username: string;
  name: string;
  email: string;
  password_hash: string;
  role: string;
  status: string;
  /** JSON text: PermissionMap of module key to boolean. */
  permissions: string;
  /** JSON text: list of access tags. */
  access: string;
  phone: string;
  location: string;
  profile_image: string;
  created_at: string;
  updated_at: string;
  last_active_at: string | null;
}

export interface ActivityTable {
  id: string;
  workspace_id: string;
  user_id: string | null;
  action: string;
  created_at: string;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface Database {
  workspaces: WorkspacesTable;
  users: UsersTable;
  activity: ActivityTable;
  settings: SettingsTable;
}

export type WorkspaceRow = Selectable<WorkspacesTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
