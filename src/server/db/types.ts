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

/** Blog CMS (migration 003). */
export interface CategoriesTable {
  id: string;
  workspace_id: string;
  name: string;
  /** slugify(name), made unique per workspace with -2, -3… */
  slug: string;
  description: string;
  created_at: string;
}

export interface BlogsTable {
  id: string;
  workspace_id: string;
  /** Null once the author's account is gone. */
  author_id: string | null;
  category_id: string | null;
  title: string;
  slug: string;
  meta_description: string;
  /** JSON text: list of keywords. */
  keywords: string;
  /** Sanitised HTML (sanitize-content.ts runs on every write). */
  content: string;
  /** One of BLOG_STATUSES. */
  status: string;
  featured_media_id: string | null;
  alt_text: string;
  views: number;
  /** Set on first publish, kept afterwards. */
  published_at: string | null;
  created_at: string;
  updated_at: string;
}

/** Slugs a post answered to before a rename: they answer a 301 to its current slug. */
export interface BlogSlugRedirectsTable {
  workspace_id: string;
  old_slug: string;
  blog_id: string;
  created_at: string;
}

/** Uploaded images, stored in the database (blob on SQLite, bytea on PostgreSQL). */
export interface MediaTable {
  id: string;
  workspace_id: string;
  content_type: string;
  bytes: Buffer;
  size: number;
  width: number;
  height: number;
  created_at: string;
}

export interface MediaVariantsTable {
  media_id: string;
  width: number;
  content_type: string;
  bytes: Buffer;
  size: number;
}

/** Client Leads (migration 004). */
export interface LeadsTable {
  id: string;
  workspace_id: string;
  name: string;
  email: string;
  /** Lower-cased e-mail: the import's duplicate check within a workspace. */
  email_lower: string;
  phone: string;
  company: string;
  /** One of LEAD_STATUSES. */
  status: string;
  /** One of LEAD_PRIORITIES. */
  priority: string;
  source: string;
  notes: string;
  /** name, e-mail, company and phone, lower-cased by the app: one portable LIKE for the search. */
  search_text: string;
  /** Creation time, ISO-8601 UTC (the lead's `date`). */
  created_at: string;
  /** YYYY-MM-DD. */
  last_contact: string;
  updated_at: string;
}

/** Leads per workspace and status, kept by triggers (migration 004) so the unfiltered stats never count rows. */
export interface LeadStatusCountsTable {
  workspace_id: string;
  status: string;
  n: number;
}

/** Each workspace's lead count per priority and status, kept by triggers (migration 005). */
export interface LeadPriorityCountsTable {
  workspace_id: string;
  priority: string;
  status: string;
  n: number;
}

/** Posts per workspace, status and category ('' for none), kept by triggers (migration 006) for list totals. */
export interface BlogCountsTable {
  workspace_id: string;
  status: string;
  category_id: string;
  n: number;
}

export interface Database {
  workspaces: WorkspacesTable;
  users: UsersTable;
  activity: ActivityTable;
  settings: SettingsTable;
  categories: CategoriesTable;
  blogs: BlogsTable;
  blog_slug_redirects: BlogSlugRedirectsTable;
  blog_counts: BlogCountsTable;
  media: MediaTable;
  media_variants: MediaVariantsTable;
  leads: LeadsTable;
  lead_status_counts: LeadStatusCountsTable;
  lead_priority_counts: LeadPriorityCountsTable;
}

export type WorkspaceRow = Selectable<WorkspacesTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type CategoryRow = Selectable<CategoriesTable>;
export type BlogRow = Selectable<BlogsTable>;
export type LeadRow = Selectable<LeadsTable>;
