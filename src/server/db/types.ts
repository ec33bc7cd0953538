import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { ClientKind } from '../../shared/clients';
import type { BillingType, ProjectStatus } from '../../shared/projects';
import type { TaskPriority, TaskRecurrence, TaskStatus } from '../../shared/tasks';
import type { TimeEntryStatus } from '../../shared/time';
import type { ContentVisibility } from '../../shared/portal-projects';
import type { MailKind } from '../../shared/mail';
import type { ConsentSource, MemberStatus, OptInKind, SuppressionReason } from '../../shared/mailing-lists';
import type { BounceKind, BounceSource } from '../../shared/bounces';
import type { LeadEventKind, LeadOrigin } from '../../shared/lead-timeline';
import type { WebhookDeliveryStatus } from '../../shared/webhooks';

/**
 * The single description of every table. Portable conventions (docs/architecture.md#data): text UUID ids made in the
 * app, timestamps as ISO-8601 UTC text, JSON as text, flags as integers 0/1 read through db/rows.ts.
 */
export interface WorkspacesTable {
  id: string;
  name: string;
  /** E-mail domain whose owners may join as Team Members; null for personal or public-mail workspaces. */
  domain: string | null;
  kind: 'agency' | 'business' | 'personal';
  description: string;
  /** One of WORKSPACE_TYPES (docs/product/workspace.md#tenancy): Business, Personal, Enterprise, Educational. */
  type: string;
  /** One of WORKSPACE_PLANS (docs/product/workspace.md#tenancy): Free, Professional, Business, Enterprise. */
  plan: string;
  created_at: string;
  updated_at: string;
  /** 1: members must sign in with a second factor (migration 013). */
  require_two_factor: Generated<number>;
  /** Set while the workspace is deleted and recoverable; its members are shut out. */
  deleted_at: Generated<string | null>;
  deleted_by: Generated<string | null>;
  /** The purge job erases the workspace for good from this time on. */
  purge_after: Generated<string | null>;
  /** sha256 of the token in the recovery e-mail. */
  recovery_token_hash: Generated<string | null>;
  /** A Business Owner's e-mail domain, claimed at sign-up; it becomes `domain` when the owner confirms (migration 015). */
  pending_domain: Generated<string | null>;
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
  /** Raised by a password reset: tokens carrying an older version stop working (migration 007). */
  session_version: Generated<number>;
  /** When the address was proven by a link (or an invitation); null until then (migration 015). */
  email_confirmed_at: Generated<string | null>;
  /** A Team Member signed up by domain: the workspace they join once confirmed (they wait in the waiting room). */
  pending_workspace_id: Generated<string | null>;
}

export interface ActivityTable {
  id: string;
  workspace_id: string;
  user_id: string | null;
  action: string;
  created_at: string;
  /** One of AUDIT_KINDS (migration 013); null for older entries. */
  kind: Generated<string | null>;
  /** The client address of the request that caused it; null for background work. */
  ip: Generated<string | null>;
}

/** A user's TOTP second factor (migration 013). */
export interface UserTwoFactorTable {
  user_id: string;
  secret_sealed: string | null;
  enabled_at: string | null;
  last_step: number | null;
  pending_sealed: string | null;
  pending_at: string | null;
}

export interface UserRecoveryCodesTable {
  user_id: string;
  code_hash: string;
  created_at: string;
  used_at: string | null;
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
  /** Sanitised HTML (src/server/lib/sanitize-content.ts runs on every write). */
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
  /** A draft publishes itself at this time (ISO, UTC); null when not scheduled. */
  publish_at: Generated<string | null>;
  /** 1: noindex and not in the sitemap. */
  hide_from_search: Generated<number>;
  canonical_url: Generated<string | null>;
  /** Raised by every change; a save names the version it edited. */
  version: Generated<number>;
}

/** A kept version of a post's title and content (docs/product/blog.md#revisions). */
export interface BlogRevisionsTable {
  id: string;
  blog_id: string;
  author_id: string | null;
  title: string;
  content: string;
  /** 'saved' | 'restored' */
  kind: string;
  /** The post's version this revision made. */
  version: number;
  created_at: string;
}

/** The editor's unsaved copy of a post, one per post and user. */
export interface BlogAutosavesTable {
  blog_id: string;
  user_id: string;
  /** JSON: the form's text fields as typed. */
  fields: string;
  base_version: number;
  saved_at: string;
}

export interface BlogPreviewLinksTable {
  id: string;
  blog_id: string;
  token_hash: string;
  token_sealed: string;
  created_by: string | null;
  created_at: string;
  revoked_at: string | null;
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
  /** The member who works the lead; null once their account is erased (migration 018). */
  owner_id: Generated<string | null>;
  /** The next follow-up's day, YYYY-MM-DD; null for none. */
  next_follow_up_at: Generated<string | null>;
  follow_up_note: Generated<string>;
  /** One of LEAD_ORIGINS; null for leads older than migration 019. */
  origin: Generated<LeadOrigin | null>;
  /** Who added it; null for the contact form, an erased account or an older lead (migration 019). */
  created_by: Generated<string | null>;
  /** The phone's key and the name-and-company key (shared/lead-duplicates.ts), '' for none. */
  phone_key: Generated<string>;
  name_key: Generated<string>;
  /**
   * Where it came from (migration 023): a contact-form lead's visit source (docs/product/analytics.md#lead-attribution),
   * any other lead's own source; and the visit's campaign, null for none.
   */
  attribution_source: Generated<string | null>;
  utm_source: Generated<string | null>;
  utm_medium: Generated<string | null>;
  utm_campaign: Generated<string | null>;
  /** What the lead is worth once converted (revenue), in the agency's currency; null when not entered. */
  value: Generated<number | null>;
  /** When its status last became Converted (set by a trigger, migration 023); null otherwise or unknown. */
  converted_at: Generated<string | null>;
  /**
   * Its share of the file it was imported from, given back to the workspace's storage when it is deleted
   * (migration 024); 0 for a lead made any other way or imported before.
   */
  import_bytes: Generated<number>;
}

/** The day's salt of the visitor hash (migration 023); deleted once the day is over. */
export interface AnalyticsSaltsTable {
  day: string;
  salt: string;
}

/** One page view (migration 023): no address and no user agent, only what is derived from them. */
export interface AnalyticsEventsTable {
  id: Generated<number>;
  /** UTC day, YYYY-MM-DD, and hour of `at`. */
  day: string;
  hour: number;
  /** Milliseconds since 1970. */
  at: number;
  /** The visitor's hash of that day (docs/product/analytics.md#visitors-without-cookies). */
  visitor: string;
  path: string;
  referrer_host: string;
  source: string;
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
  utm_content: string;
  utm_term: string;
  ref: string;
  /** One of DEVICE_CLASSES. */
  device: string;
  browser: string;
  os: string;
}

/** Days whose page views the roll-ups have yet to take in (migration 023). */
export interface AnalyticsDirtyDaysTable {
  day: string;
  version: number;
}

/** Roll-up counts are bigint: strings on PostgreSQL, numbers on SQLite. */
type Count = number | string;

export interface AnalyticsDailyTable {
  day: string;
  visitors: Count;
  visits: Count;
  pageviews: Count;
  bounces: Count;
  duration_ms: Count;
  rolled_up_at: string | null;
}
export interface AnalyticsHourlyTable {
  day: string;
  hour: number;
  visitors: Count;
  visits: Count;
  pageviews: Count;
}
export interface AnalyticsDailyPagesTable {
  day: string;
  path: string;
  visitors: Count;
  pageviews: Count;
  entries: Count;
  bounces: Count;
}
export interface AnalyticsDailySourcesTable {
  day: string;
  source: string;
  visitors: Count;
  visits: Count;
  pageviews: Count;
  bounces: Count;
  duration_ms: Count;
}
export interface AnalyticsDailyCampaignsTable {
  day: string;
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
  visitors: Count;
  visits: Count;
  pageviews: Count;
  bounces: Count;
}
export interface AnalyticsDailyDevicesTable {
  day: string;
  device: string;
  browser: string;
  os: string;
  visitors: Count;
  visits: Count;
}

/** What a campaign cost, as the user typed it (migration 023). */
export interface AnalyticsCampaignSpendTable {
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
  spend: number;
  updated_at: string;
  updated_by: string | null;
}

/** What happened to a lead, by whom and when (migration 019). */
export interface LeadEventsTable {
  id: string;
  workspace_id: string;
  lead_id: string;
  /** One of LEAD_EVENT_KINDS. */
  kind: LeadEventKind;
  /** Null once the account is erased; `actor_name` still says who it was. Null too for the contact form. */
  actor_id: string | null;
  actor_name: string;
  /** JSON of LeadEventData[kind]. */
  data: string;
  created_at: string;
}

/** A workspace's client (migration 027, docs/product/projects.md#clients). */
export interface ClientsTable {
  id: string;
  workspace_id: string;
  kind: ClientKind;
  name: string;
  legal_name: string;
  /** Normalised: upper case, no spaces, dots or dashes. */
  tax_id: string;
  address_line1: string;
  address_line2: string;
  city: string;
  state: string;
  postal_code: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** ISO 4217. */
  currency: string;
  payment_terms_days: number;
  owner_id: string | null;
  notes: string;
  lead_id: string | null;
  source: string;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  search_text: string;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface ClientContactsTable {
  id: string;
  client_id: string;
  workspace_id: string;
  position: number;
  name: string;
  email: string;
  phone: string;
  job_title: string;
  /** The phone's last ten digits ('' under seven), as a lead's `phone_key`. */
  phone_key: string;
  /** The person's name with the client's, folded, as a lead's `name_key`. */
  name_key: string;
}

export interface ClientEventsTable {
  id: string;
  workspace_id: string;
  client_id: string;
  /** One of CLIENT_EVENT_KINDS. */
  kind: string;
  actor_id: string | null;
  actor_name: string;
  /** JSON of the kind's details. */
  data: string;
  at: string;
}

/** What the bell shows a user that happened elsewhere; the browser takes each once (migration 018). */
export interface UserNotificationsTable {
  id: string;
  user_id: string;
  workspace_id: string;
  /** One of USER_NOTIFICATION_KINDS. */
  kind: string;
  title: string;
  message: string;
  /** Makes a notification exist once per user however many instances write it; null when it need not. */
  dedupe_key: string | null;
  created_at: string;
  delivered_at: string | null;
}

/** The claim on an owner's follow-up digest of one UTC day (migration 018). */
export interface FollowUpDigestsTable {
  user_id: string;
  day: string;
  workspace_id: string;
  status: 'queued' | 'refused';
  lead_count: number;
  created_at: string;
}

/** Numbers a workspace hands out in order without gaps (migration 028). */
export interface NumberSequencesTable {
  workspace_id: string;
  /** What is numbered: `project`, later an invoice series. */
  name: string;
  last_value: number;
}

/** Money columns are bigint: strings on PostgreSQL, numbers on SQLite. */
type Bigint = number | string;

/** A client's project (migration 028, docs/product/projects.md#projects). */
export interface ProjectsTable {
  id: string;
  workspace_id: string;
  client_id: string;
  number: number;
  code: string;
  name: string;
  description: string;
  status: ProjectStatus;
  billing_type: BillingType;
  currency: string;
  budget_minutes: number | null;
  budget_amount: Bigint | null;
  hourly_rate: Bigint | null;
  retainer_minutes: number | null;
  retainer_rollover: number;
  /** A retainer's fee a month and what a month's end does with it (migration 036). */
  retainer_fee: Bigint | null;
  retainer_invoicing: 'off' | 'draft' | 'send';
  start_date: string | null;
  due_date: string | null;
  manager_id: string | null;
  delivered_on: string | null;
  delivery_note: string;
  approved_minutes: Generated<number>;
  unapproved_minutes: Generated<number>;
  approved_amount: Generated<Bigint>;
  unapproved_amount: Generated<Bigint>;
  /** Approved expenses in the project's currency (migration 034). */
  expense_amount: Generated<Bigint>;
  budget_alerted: Generated<number>;
  /** A JSON array of the parts the client's portal shows (migration 038; src/shared/portal-projects.ts). */
  portal_visibility: Generated<string>;
  search_text: string;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface ProjectMembersTable {
  project_id: string;
  user_id: string;
  workspace_id: string;
  /** Minor units of the project's currency; null: the project's rate. */
  hourly_rate: Bigint | null;
}

export interface ProjectEventsTable {
  id: string;
  workspace_id: string;
  project_id: string;
  kind: string;
  actor_id: string | null;
  actor_name: string;
  data: string;
  at: string;
}

/** A project's task (migration 029, docs/product/projects.md#tasks). */
export interface TasksTable {
  id: string;
  workspace_id: string;
  project_id: string;
  number: number;
  title: string;
  /** Sanitised HTML. */
  description: string;
  status: TaskStatus;
  blocked: number;
  priority: TaskPriority;
  due_date: string | null;
  estimate_minutes: number | null;
  parent_id: string | null;
  position: number;
  recurrence: TaskRecurrence;
  next_task_id: string | null;
  logged_minutes: Generated<number>;
  /** A milestone the portal lists (migration 038). */
  milestone: Generated<number>;
  completed_at: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface TaskAssigneesTable {
  task_id: string;
  user_id: string;
  workspace_id: string;
}

export interface TaskBlockersTable {
  task_id: string;
  blocker_id: string;
  workspace_id: string;
}

export interface TaskCommentsTable {
  id: string;
  task_id: string;
  workspace_id: string;
  author_id: string | null;
  author_name: string;
  body: string;
  created_at: string;
  edited_at: string | null;
  /** Migration 038: only 'client' comments reach the portal; a client's own name its contact. */
  visibility: Generated<ContentVisibility>;
  author_kind: Generated<'staff' | 'client'>;
  portal_access_id: Generated<string | null>;
}

/** A task's timeline of what clients did on it (migration 038). */
export interface TaskEventsTable {
  id: string;
  workspace_id: string;
  task_id: string;
  kind: string;
  actor_kind: 'staff' | 'client';
  actor_user_id: string | null;
  actor_access_id: string | null;
  actor_name: string;
  detail: Generated<string>;
  created_at: string;
}

/** One stretch of work on a project (migration 030, docs/product/projects.md#time). */
export interface TimeEntriesTable {
  id: string;
  workspace_id: string;
  project_id: string;
  task_id: string | null;
  user_id: string | null;
  user_name: string;
  date: string;
  minutes: number;
  note: string;
  billable: number;
  hourly_rate: Bigint | null;
  amount: Bigint;
  currency: string;
  status: TimeEntryStatus;
  started_at: string | null;
  approved_by: string | null;
  approved_at: string | null;
  invoiced_at: string | null;
  /** The invoice that bills the entry (migration 033); null until one does. */
  invoice_id: Generated<string | null>;
  created_at: string;
  updated_at: string;
}

/** A workspace's tax profile and invoice series (migration 033, docs/product/finance.md#tax-profile). */
export interface FinanceSettingsTable {
  workspace_id: string;
  legal_name: string;
  address_line1: string;
  address_line2: string;
  city: string;
  postal_code: string;
  country: string;
  state_code: string;
  tax_id: string;
  email: string;
  currency: string;
  default_rate_bp: number;
  default_sac: string;
  invoice_prefix: string;
  credit_note_prefix: string;
  fy_start_month: number;
  payment_terms_days: number;
  upi_id: string;
  bank_details: string;
  notes: string;
  terms: string;
  updated_at: string;
}

/** An invoice or a credit note (migration 033, docs/product/finance.md#invoices). */
export interface InvoicesTable {
  id: string;
  workspace_id: string;
  kind: 'invoice' | 'credit_note';
  client_id: string;
  project_id: string | null;
  corrects_id: string | null;
  status: 'draft' | 'open' | 'paid' | 'credited';
  number: string | null;
  series: string | null;
  issue_date: string;
  due_date: string | null;
  currency: string;
  scheme: string;
  place_of_supply: string;
  /** The parties as printed (JSON of InvoiceParty). */
  seller: string;
  buyer: string;
  subtotal: Bigint;
  tax_total: Bigint;
  total: Bigint;
  paid_amount: Bigint;
  credited_amount: Bigint;
  notes: string;
  terms: string;
  search_text: string;
  reminders_paused: number;
  finalised_at: string | null;
  finalised_by: string | null;
  sent_at: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface InvoiceLinesTable {
  id: string;
  invoice_id: string;
  workspace_id: string;
  position: number;
  description: string;
  sac: string;
  quantity_milli: number;
  unit: string;
  unit_price: Bigint;
  discount: Bigint;
  category: string;
  rate_bp: number;
  exempt_reason: string;
  inclusive: number;
  net: Bigint;
}

/** A retainer project's month, invoiced once (migration 036). */
export interface RetainerInvoicesTable {
  project_id: string;
  month: string;
  workspace_id: string;
  invoice_id: string | null;
  created_at: string;
}

/** A quote to a client (migration 035, docs/product/finance.md#estimates). */
export interface EstimatesTable {
  id: string;
  workspace_id: string;
  client_id: string;
  number: string;
  status: 'draft' | 'sent' | 'accepted' | 'declined';
  issue_date: string;
  valid_until: string;
  currency: string;
  scheme: string;
  place_of_supply: string;
  seller: string;
  buyer: string;
  subtotal: Bigint;
  tax_total: Bigint;
  total: Bigint;
  notes: string;
  terms: string;
  search_text: string;
  share_token_hash: string | null;
  sent_at: string | null;
  accepted_by: string | null;
  accepted_on: string | null;
  accepted_note: string;
  accepted_recorded_by: string | null;
  accepted_recorded_by_name: string;
  accepted_at: string | null;
  declined_at: string | null;
  decline_reason: string;
  project_id: string | null;
  deposit_invoice_id: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  /** Migration 039: the SHA-256 (hex) of the PDF its latest e-mail carried. */
  sent_pdf_sha256: Generated<string | null>;
  /** Migration 039: who recorded the acceptance, staff or the client in the portal, and the portal's record. */
  accepted_via: Generated<'staff' | 'portal'>;
  accepted_ip: Generated<string | null>;
  accepted_pdf_sha256: Generated<string | null>;
  accepted_access_id: Generated<string | null>;
  declined_via: Generated<'staff' | 'portal'>;
  declined_name: Generated<string>;
}

export type EstimateLinesTable = Omit<InvoiceLinesTable, 'invoice_id'> & { estimate_id: string };

/** Money the agency spent (migration 034, docs/product/finance.md#expenses). */
/** A workspace's e-mail templates in MJML (migration 041, docs/product/marketing.md#templates). */
export interface EmailTemplatesTable {
  id: string;
  workspace_id: string;
  name: string;
  /** The name lower-cased and trimmed: unique per workspace. */
  name_key: string;
  subject: string;
  preheader: string;
  /** The MJML source, rendered on every preview and send. */
  mjml: string;
  /** The plain-text part as written; null: generated from the HTML. */
  text_override: string | null;
  created_by: string | null;
  updated_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface ExpensesTable {
  id: string;
  workspace_id: string;
  vendor: string;
  date: string;
  amount: Bigint;
  tax_amount: Bigint;
  currency: string;
  category: string;
  description: string;
  project_id: string | null;
  billable: number;
  status: 'pending' | 'approved' | 'rejected';
  decision_note: string;
  submitted_by: string | null;
  submitted_by_name: string;
  decided_by: string | null;
  decided_at: string | null;
  invoice_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface ExpenseReceiptsTable {
  expense_id: string;
  workspace_id: string;
  name: string;
  content_type: string;
  size: number;
  data: Buffer;
  created_at: string;
}

/** A reminder step of an invoice, claimed once (migration 033). */
export interface InvoiceRemindersTable {
  invoice_id: string;
  /** Days from the due date: −3, 0, 7, 21. */
  step: number;
  status: 'queued' | 'refused';
  created_at: string;
}

/** A file a queued message carries (migration 033). */
export interface MailAttachmentsTable {
  id: string;
  outbox_id: string;
  filename: string;
  content_type: string;
  bytes: Buffer;
}

/** An invoice's tax by category and rate, as its totals gave it (migration 033). */
export interface InvoiceTaxesTable {
  invoice_id: string;
  workspace_id: string;
  category: string;
  rate_bp: number;
  base: Bigint;
  cgst: Bigint;
  sgst: Bigint;
  igst: Bigint;
  vat: Bigint;
}

/** Money received from a client, or refunded to it (migration 033). */
export interface PaymentsTable {
  id: string;
  workspace_id: string;
  client_id: string;
  kind: 'receipt' | 'refund';
  refund_of: string | null;
  date: string;
  amount: Bigint;
  currency: string;
  method: string;
  reference: string;
  note: string;
  allocated_amount: Bigint;
  refunded_amount: Bigint;
  created_by: string | null;
  created_at: string;
}

export interface PaymentAllocationsTable {
  id: string;
  workspace_id: string;
  payment_id: string;
  invoice_id: string;
  amount: Bigint;
  created_at: string;
}

/** A member's private calendar feed (migration 031). */
export interface CalendarFeedsTable {
  user_id: string;
  workspace_id: string;
  token_hash: string;
  created_at: string;
  last_read_at: string | null;
}

/** A file attached to a task (migration 032). */
export interface TaskAttachmentsTable {
  id: string;
  workspace_id: string;
  task_id: string;
  name: string;
  content_type: string;
  size: number;
  data: Buffer;
  uploaded_by: string | null;
  uploaded_by_name: string;
  created_at: string;
  /** Migration 038: only 'client' files reach the portal; `portal_access_id` the contact who uploaded it. */
  visibility: Generated<ContentVisibility>;
  uploader_kind: Generated<'staff' | 'client'>;
  portal_access_id: Generated<string | null>;
}

/** A saved view of Client Leads: a user's, or shared with the workspace by its admin (migration 020). */
export interface LeadViewsTable {
  id: string;
  workspace_id: string;
  /** Who saved it. */
  user_id: string;
  /** 1: shared with the workspace; 0: its owner's only. */
  shared: number;
  name: string;
  /** JSON of the view's query (filters, sort, order, layout); read through leadViewQuerySchema. */
  query: string;
  created_at: string;
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

/** A workspace's SMTP set-up (migration 007); the password is sealed with SECRET_KEY (secrets/secret-box.ts). */
/** A signed-in session (migration 016): the token names its id; ended rows never come back. */
export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: string;
  /** Moved by requests at a coarse resolution (as users.last_active_at). */
  last_seen_at: string;
  /** e.g. 'Chrome on Windows'. */
  device: string;
  ip: string | null;
  ended_at: string | null;
  /** When the session last proved its password again (migration 026); null: its sign-in is the last proof. */
  confirmed_at: Generated<string | null>;
}

/** Who may use a client's portal: a contact's address at the client (migration 037, docs/product/portal.md). */
export interface PortalAccessTable {
  id: string;
  workspace_id: string;
  client_id: string;
  /** Lower-cased. */
  email: string;
  /** The contact's name when access was given. */
  name: string;
  granted_by: string | null;
  created_at: string;
  last_sign_in_at: string | null;
  /** JSON array of the portal notification kinds the person turned off. */
  notifications_off: Generated<string>;
}
export type PortalAccessRow = Selectable<PortalAccessTable>;

/** A client's "I have paid" from the portal (migration 039, docs/product/portal.md#invoices-and-paying). */
export interface InvoicePaymentNoticesTable {
  id: string;
  workspace_id: string;
  invoice_id: string;
  access_id: string | null;
  contact_name: string;
  /** Minor units of the invoice's currency; null: the client did not say. */
  amount: Bigint | null;
  paid_on: string;
  method: string;
  reference: string;
  note: string;
  created_at: string;
  handled_at: string | null;
  handled_by: string | null;
}
export type InvoicePaymentNoticeRow = Selectable<InvoicePaymentNoticesTable>;

/** Single-use portal sign-in links, 15 minutes (migration 037): only the token's SHA-256. */
export interface PortalSignInLinksTable {
  token_hash: string;
  access_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** Portal sessions (migration 037): the cookie's token stored as its SHA-256 only. */
export interface PortalSessionsTable {
  id: string;
  token_hash: string;
  access_id: string;
  workspace_id: string;
  client_id: string;
  created_at: string;
  /** Moved at most once a minute. */
  last_seen_at: string;
  /** 30 days after the sign-in. */
  expires_at: string;
  ip: string | null;
  /** At most 300 characters. */
  user_agent: string;
}

/** Single-use links proving an e-mail address (migration 015). */
export interface EmailConfirmationsTable {
  token_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface EmailSettingsTable {
  workspace_id: string;
  host: string;
  port: number;
  /** 0/1: TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
  secure: number;
  auth_user: string;
  pass_sealed: string;
  /** The spec's `from`: a sender address, optionally with a display name. */
  from_address: string;
  /** Last successful test or delivery. */
  verified_at: string | null;
  /** Human reason of the last failed test or delivery, cleared by the next success. */
  last_error: string | null;
  updated_by: string | null;
  updated_at: string;
  /** `host:port:user` the password was typed for (migration 015): it is never sent to any other. */
  pass_scope: Generated<string | null>;
}

export type { MailKind };
export type MailStatus = 'queued' | 'sending' | 'sent' | 'failed';

/** Every message the product sends (migration 007), shown as the workspace's delivery log. */
export interface MailOutboxTable {
  id: string;
  /** The workspace whose delivery log shows the message. */
  workspace_id: string;
  kind: MailKind;
  /** 'workspace': the workspace's own set-up (else the platform's); 'platform': always the platform's. */
  via: 'workspace' | 'platform';
  /** '' until delivery for messages to the sending set-up's own address (contact messages). */
  to_address: string;
  reply_to: string | null;
  subject: string;
  /** Emptied once delivered or given up when the message carried a one-time link. */
  text_body: string;
  html_body: string;
  status: MailStatus;
  attempts: number;
  next_attempt_at: string;
  /** While 'sending': the claim's lease; a claim past it is taken over (a worker died mid-send). */
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  /** 0: a person waits for it (claimed first); 1: bulk (campaigns, sequences). */
  priority: Generated<number>;
  /** List mail's unsubscribe URL on SITE_URL, for its List-Unsubscribe headers (mail/list-unsubscribe.ts). */
  list_unsubscribe: string | null;
  campaign_recipient_id: string | null;
  /** 'data-end': the server has the whole message but its final dot; a dead worker's claim is then counted as sent. */
  delivery_phase: 'data-end' | null;
}

/** Single-use password-reset tokens, stored as SHA-256 hashes (migration 007). */
export interface PasswordResetsTable {
  token_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** Invitations to join a workspace as a Team Member (migration 007); the token is stored hashed. */
export interface InvitationsTable {
  id: string;
  workspace_id: string;
  /** Lower-cased; only this address may accept. */
  email: string;
  token_hash: string;
  invited_by: string | null;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
  revoked_at: string | null;
}

/** Profiles the Botgit extension scraped (migration 008); one per workspace and normalised URL. */
export interface ScrapedProfilesTable {
  id: string;
  workspace_id: string;
  url_key: string;
  profile_url: string;
  name: string;
  email: string;
  phone: string;
  role: string;
  location: string;
  search_text: string;
  scraped_by: string | null;
  created_at: string;
  /** The spec's `timestamp`: the last scrape. */
  scraped_at: string;
}

/** Profiles per workspace, kept by triggers (migration 008) so the list header never counts rows. */
export interface ScrapedProfileCountsTable {
  workspace_id: string;
  n: number;
}

/** A workspace's Botgit settings (migration 008); flags 0/1. Absent: the defaults (docs/product/botgit.md#botgit-settings). */
export interface BotgitSettingsTable {
  workspace_id: string;
  auto_scrape: number;
  scrape_interval: number;
  max_profiles: number;
  save_emails: number;
  save_phones: number;
  notify_on_complete: number;
  updated_by: string | null;
  updated_at: string;
}

/** One row (id 1): raised by triggers on every write a public page shows (migration 009). */
export interface PublicContentVersionTable {
  id: number;
  version: number;
}

/** Storage in use per workspace: profile images and media with variants, kept by triggers (migration 010). */
export interface WorkspaceStorageTable {
  workspace_id: string;
  /** bigint on PostgreSQL, which the driver returns as a string. */
  bytes: number | string;
}

/** The public site's settings, draft and live (migration 014). */
export interface SiteSettingsTable {
  stage: 'draft' | 'live';
  /** JSON: the settings document (sections missing from it take their defaults). */
  data: string;
  version: number;
  updated_by: string | null;
  updated_at: string;
}

/** Every publish of the site settings, newest with the highest version. */
export interface SiteSettingsHistoryTable {
  id: string;
  version: number;
  action: 'published' | 'undone' | 'reset';
  data: string;
  changed: string;
  published_by: string | null;
  published_at: string;
}

/** Mail a workspace caused on one UTC day, counted against its plan (migration 017). */
export interface WorkspaceMailDaysTable {
  workspace_id: string;
  /** YYYY-MM-DD, UTC. */
  day: string;
  count: number;
}

/** A workspace's webhook (migration 021): its secret is sealed with SECRET_KEY and never answered. */
export interface WebhooksTable {
  id: string;
  workspace_id: string;
  url: string;
  /** JSON array of WEBHOOK_EVENTS. */
  events: string;
  secret_sealed: string;
  /** 1: events are sent to it; 0: paused (by hand, or after 3 days of failures). */
  active: Generated<number>;
  /** Why it paused itself; null when active or paused by hand. */
  paused_reason: Generated<string | null>;
  /** The first failure since its last success; null while deliveries succeed. */
  failing_since: Generated<string | null>;
  /** Failed attempts since the last success (migration 025). */
  failures_in_a_row: Generated<number>;
  /** Held after failures in a row: its deliveries wait until then (migration 025); null when not held. */
  held_until: Generated<string | null>;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

/** One event for one webhook (migration 021): the outbox row and its log entry. */
export interface WebhookDeliveriesTable {
  id: string;
  webhook_id: string;
  workspace_id: string;
  /** The body's `id`: the same on every attempt and on "Send again". */
  event_id: string;
  event: string;
  /** The exact JSON body sent. */
  payload: string;
  status: WebhookDeliveryStatus;
  attempts: Generated<number>;
  next_attempt_at: string;
  locked_until: string | null;
  response_code: number | null;
  last_error: string | null;
  /** The start of the receiver's last answer (at most 4 KB). */
  response_excerpt: string | null;
  created_at: string;
  last_attempt_at: string | null;
  delivered_at: string | null;
}

/** A workspace's API keys (migration 022, docs/product/integrations.md#api-keys): the key's SHA-256, never the key. */
export interface ApiKeysTable {
  id: string;
  workspace_id: string;
  /** The key acts as this user, narrowed by its scopes; it goes with them. */
  created_by: string;
  name: string;
  /** JSON text: a list of API_KEY_SCOPES. */
  scopes: string;
  /** `ahq_` and the first characters of the key, shown in the list. */
  prefix: string;
  secret_hash: string;
  created_at: string;
  last_used_at: string | null;
  last_used_ip: string | null;
  revoked_at: string | null;
  revoked_by: string | null;
}

/** The addresses (an IPv6 client by its /64) each key was used from (migration 022). */
export interface ApiKeyAddressesTable {
  key_id: string;
  address: string;
  first_seen_at: string;
}

/** A request of the Botgit extension to be connected with a key (migration 022, docs/product/integrations.md#connect-botgit). */
export interface BotgitConnectionsTable {
  id: string;
  /** SHA-256 of the one-time code in the approval page's address. */
  code_hash: string;
  /** PKCE S256: base64url SHA-256 of the verifier only the extension holds. */
  challenge: string;
  created_at: string;
  expires_at: string;
  approved_by: string | null;
  approved_at: string | null;
  claimed_at: string | null;
  key_id: string | null;
}

/** A workspace's mailing list (migration 040, docs/product/marketing.md#lists-and-consent). */
export interface MailingListsTable {
  id: string;
  workspace_id: string;
  /** Unique in the workspace whatever its case. */
  name: string;
  description: Generated<string>;
  opt_in: OptInKind;
  /** The sentence people agree to, shown on the public form. */
  consent_text: string;
  /** The random public id of the form's address. */
  form_key: string;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

/** A person on a workspace's lists: one row per lower-cased address (migration 040). */
export interface SubscribersTable {
  id: string;
  workspace_id: string;
  email: string;
  name: Generated<string>;
  company: Generated<string>;
  lead_id: string | null;
  created_at: string;
  updated_at: string;
}

/** One person on one list, with the proof of their consent (migration 040). */
export interface ListMembersTable {
  list_id: string;
  subscriber_id: string;
  workspace_id: string;
  status: MemberStatus;
  consent_source: ConsentSource;
  consent_text: string;
  consent_at: string;
  consent_ip: string | null;
  consent_basis: Generated<string>;
  /** SHA-256 of the mailed confirmation token while a double opt-in waits; null once used. */
  confirm_token_hash: string | null;
  confirm_sent_at: string | null;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
  created_at: string;
}

/** Addresses no mail of the workspace goes to (migration 040). */
export interface SuppressionsTable {
  workspace_id: string;
  email: string;
  reason: SuppressionReason;
  detail: Generated<string>;
  created_by: string | null;
  created_at: string;
}

export type CampaignStatus = 'draft' | 'scheduled' | 'sending' | 'paused' | 'cancelled' | 'sent';
export type CampaignRecipientStatus = 'pending' | 'queued' | 'sent' | 'failed' | 'bounced' | 'cancelled';

export interface CampaignsTable {
  id: string;
  workspace_id: string;
  name: string;
  template_id: string | null;
  list_id: string | null;
  /** JSON of the leads filters narrowing the list; null: the whole list. */
  segment: string | null;
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
  status: CampaignStatus;
  scheduled_at: string | null;
  started_at: string | null;
  finished_at: string | null;
  /** JSON of the template as it was when the send started. */
  snapshot: string | null;
  audience_cursor: string | null;
  audience_done: Generated<number>;
  recipients_total: Generated<number>;
  queued_count: Generated<number>;
  sent_count: Generated<number>;
  failed_count: Generated<number>;
  cancelled_count: Generated<number>;
  wait_reason: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface CampaignRecipientsTable {
  id: string;
  campaign_id: string;
  workspace_id: string;
  subscriber_id: string | null;
  email: string;
  name: Generated<string>;
  company: Generated<string>;
  owner: Generated<string>;
  status: CampaignRecipientStatus;
  outbox_id: string | null;
  queued_at: string | null;
  sent_at: string | null;
}

export interface CampaignLinksTable {
  campaign_id: string;
  position: number;
  url: string;
  clicks: Generated<number>;
}

export type CampaignEventKind =
  'click' | 'open' | 'unsubscribe' | 'bounce-hard' | 'bounce-soft' | 'complaint';

export interface CampaignEventsTable {
  id: string;
  workspace_id: string;
  campaign_id: string;
  recipient_id: string;
  kind: CampaignEventKind;
  /** -1 for kinds without a link. */
  link_position: Generated<number>;
  detail: Generated<string>;
  created_at: string;
}

/** A campaign's counters, kept by triggers (migration 045): `r:<status>`, `e:<kind>:<link position>`, `clickers`. */
export interface CampaignCountsTable {
  campaign_id: string;
  metric: string;
  n: number;
}

/** The recipients who clicked at least once (migration 045). */
export interface CampaignClickersTable {
  recipient_id: string;
}

export type SequenceTrigger = 'subscription' | 'manual';
export type SequenceStatus = 'active' | 'paused';
export type SequenceEnrollmentStatus = 'active' | 'completed' | 'left';
export type SequenceLeftReason = 'unsubscribed' | 'converted' | 'replied' | 'removed';

export interface SequencesTable {
  id: string;
  workspace_id: string;
  name: string;
  list_id: string;
  trigger: SequenceTrigger;
  status: SequenceStatus;
  /** The enrolment scan's cursor: members subscribed since (less a margin) are looked at. */
  enrolled_through: string;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface SequenceStepsTable {
  id: string;
  sequence_id: string;
  position: number;
  template_id: string | null;
  delay_days: number;
}

export interface SequenceEnrollmentsTable {
  id: string;
  sequence_id: string;
  workspace_id: string;
  subscriber_id: string;
  status: SequenceEnrollmentStatus;
  left_reason: SequenceLeftReason | null;
  next_step: number;
  next_at: string | null;
  steps_sent: Generated<number>;
  enrolled_at: string;
  last_sent_at: string | null;
  left_at: string | null;
}

export interface MarketingSettingsTable {
  workspace_id: string;
  per_second: number;
  per_hour: number;
  second_window: string | null;
  second_count: Generated<number>;
  hour_window: string | null;
  hour_count: Generated<number>;
  dispatch_locked_until: string | null;
  updated_at: string;
}

/** The bounce log (migration 043). */
export interface MailBouncesTable {
  id: string;
  workspace_id: string;
  email: string;
  kind: BounceKind;
  source: BounceSource;
  status: Generated<string>;
  diagnostic: Generated<string>;
  outbox_id: string | null;
  campaign_recipient_id: string | null;
  created_at: string;
}

/** A workspace's IMAP mailbox of delivery and complaint reports (migration 043). */
export interface BounceMailboxesTable {
  workspace_id: string;
  host: string;
  port: number;
  secure: number;
  auth_user: string;
  pass_sealed: string;
  pass_scope: string;
  folder: string;
  uid_validity: string | null;
  last_uid: Generated<number>;
  checked_at: string | null;
  last_error: string | null;
  locked_until: string | null;
  updated_by: string | null;
  updated_at: string;
}

/** A workspace's provider webhook for bounces (migration 043). */
export interface BounceWebhookKeysTable {
  workspace_id: string;
  public_key: string;
  secret_sealed: string;
  created_at: string;
}

/** Signatures and event ids a bounce webhook accepted, until they expire (migration 043). */
export interface BounceWebhookSeenTable {
  workspace_id: string;
  token: string;
  expires_at: string;
}

export interface Database {
  workspaces: WorkspacesTable;
  users: UsersTable;
  activity: ActivityTable;
  user_two_factor: UserTwoFactorTable;
  user_recovery_codes: UserRecoveryCodesTable;
  settings: SettingsTable;
  categories: CategoriesTable;
  blogs: BlogsTable;
  blog_slug_redirects: BlogSlugRedirectsTable;
  blog_revisions: BlogRevisionsTable;
  blog_autosaves: BlogAutosavesTable;
  blog_preview_links: BlogPreviewLinksTable;
  blog_counts: BlogCountsTable;
  media: MediaTable;
  media_variants: MediaVariantsTable;
  leads: LeadsTable;
  lead_events: LeadEventsTable;
  clients: ClientsTable;
  client_contacts: ClientContactsTable;
  client_events: ClientEventsTable;
  number_sequences: NumberSequencesTable;
  projects: ProjectsTable;
  project_members: ProjectMembersTable;
  project_events: ProjectEventsTable;
  tasks: TasksTable;
  task_assignees: TaskAssigneesTable;
  task_blockers: TaskBlockersTable;
  task_comments: TaskCommentsTable;
  task_events: TaskEventsTable;
  time_entries: TimeEntriesTable;
  calendar_feeds: CalendarFeedsTable;
  task_attachments: TaskAttachmentsTable;
  finance_settings: FinanceSettingsTable;
  invoices: InvoicesTable;
  invoice_lines: InvoiceLinesTable;
  invoice_taxes: InvoiceTaxesTable;
  mail_attachments: MailAttachmentsTable;
  invoice_reminders: InvoiceRemindersTable;
  expenses: ExpensesTable;
  email_templates: EmailTemplatesTable;
  estimates: EstimatesTable;
  retainer_invoices: RetainerInvoicesTable;
  estimate_lines: EstimateLinesTable;
  expense_receipts: ExpenseReceiptsTable;
  payments: PaymentsTable;
  payment_allocations: PaymentAllocationsTable;
  lead_status_counts: LeadStatusCountsTable;
  lead_priority_counts: LeadPriorityCountsTable;
  email_settings: EmailSettingsTable;
  mail_outbox: MailOutboxTable;
  password_resets: PasswordResetsTable;
  email_confirmations: EmailConfirmationsTable;
  sessions: SessionsTable;
  portal_access: PortalAccessTable;
  portal_sign_in_links: PortalSignInLinksTable;
  portal_sessions: PortalSessionsTable;
  invoice_payment_notices: InvoicePaymentNoticesTable;
  mailing_lists: MailingListsTable;
  subscribers: SubscribersTable;
  list_members: ListMembersTable;
  suppressions: SuppressionsTable;
  campaigns: CampaignsTable;
  campaign_recipients: CampaignRecipientsTable;
  marketing_settings: MarketingSettingsTable;
  campaign_links: CampaignLinksTable;
  campaign_events: CampaignEventsTable;
  mail_bounces: MailBouncesTable;
  bounce_mailboxes: BounceMailboxesTable;
  bounce_webhook_keys: BounceWebhookKeysTable;
  bounce_webhook_seen: BounceWebhookSeenTable;
  campaign_counts: CampaignCountsTable;
  campaign_clickers: CampaignClickersTable;
  sequences: SequencesTable;
  sequence_steps: SequenceStepsTable;
  sequence_enrollments: SequenceEnrollmentsTable;
  invitations: InvitationsTable;
  scraped_profiles: ScrapedProfilesTable;
  scraped_profile_counts: ScrapedProfileCountsTable;
  botgit_settings: BotgitSettingsTable;
  public_content_version: PublicContentVersionTable;
  workspace_storage: WorkspaceStorageTable;
  workspace_mail_days: WorkspaceMailDaysTable;
  site_settings: SiteSettingsTable;
  site_settings_history: SiteSettingsHistoryTable;
  user_notifications: UserNotificationsTable;
  follow_up_digests: FollowUpDigestsTable;
  lead_views: LeadViewsTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  api_keys: ApiKeysTable;
  api_key_addresses: ApiKeyAddressesTable;
  botgit_connections: BotgitConnectionsTable;
  analytics_salts: AnalyticsSaltsTable;
  analytics_events: AnalyticsEventsTable;
  analytics_dirty_days: AnalyticsDirtyDaysTable;
  analytics_daily: AnalyticsDailyTable;
  analytics_hourly: AnalyticsHourlyTable;
  analytics_daily_pages: AnalyticsDailyPagesTable;
  analytics_daily_sources: AnalyticsDailySourcesTable;
  analytics_daily_campaigns: AnalyticsDailyCampaignsTable;
  analytics_daily_devices: AnalyticsDailyDevicesTable;
  analytics_campaign_spend: AnalyticsCampaignSpendTable;
}

export type WorkspaceRow = Selectable<WorkspacesTable>;
export type ClientRow = Selectable<ClientsTable>;
export type ClientContactRow = Selectable<ClientContactsTable>;
export type ProjectRow = Selectable<ProjectsTable>;
export type TaskRow = Selectable<TasksTable>;
export type TaskCommentRow = Selectable<TaskCommentsTable>;
export type TimeEntryRow = Selectable<TimeEntriesTable>;
export type FinanceSettingsRow = Selectable<FinanceSettingsTable>;
export type InvoiceRow = Selectable<InvoicesTable>;
export type InvoiceLineRow = Selectable<InvoiceLinesTable>;
export type PaymentRow = Selectable<PaymentsTable>;
export type ExpenseRow = Selectable<ExpensesTable>;
export type EmailTemplateRow = Selectable<EmailTemplatesTable>;
export type EstimateRow = Selectable<EstimatesTable>;
export type EstimateLineRow = Selectable<EstimateLinesTable>;
export type UserRow = Selectable<UsersTable>;
/**
 * The signed-in user as every request reads it: the row without its password hash and profile image (up to
 * ~1.4 MB of data URL), which no authorization decision needs.
 */
export type SessionUser = Omit<UserRow, 'password_hash' | 'profile_image'>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type CategoryRow = Selectable<CategoriesTable>;
export type BlogRow = Selectable<BlogsTable>;
export type LeadRow = Selectable<LeadsTable>;
export type LeadViewRow = Selectable<LeadViewsTable>;
export type EmailSettingsRow = Selectable<EmailSettingsTable>;
export type MailOutboxRow = Selectable<MailOutboxTable>;
export type InvitationRow = Selectable<InvitationsTable>;
export type ScrapedProfileRow = Selectable<ScrapedProfilesTable>;
export type WebhookRow = Selectable<WebhooksTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
export type ApiKeyRow = Selectable<ApiKeysTable>;
export type MailingListRow = Selectable<MailingListsTable>;
export type ListMemberRow = Selectable<ListMembersTable>;
export type SuppressionRow = Selectable<SuppressionsTable>;
export type CampaignRow = Selectable<CampaignsTable>;
export type CampaignRecipientRow = Selectable<CampaignRecipientsTable>;
export type MarketingSettingsRow = Selectable<MarketingSettingsTable>;
export type MailBounceRow = Selectable<MailBouncesTable>;
export type BounceMailboxRow = Selectable<BounceMailboxesTable>;
export type SequenceRow = Selectable<SequencesTable>;
export type SequenceStepRow = Selectable<SequenceStepsTable>;
export type SequenceEnrollmentRow = Selectable<SequenceEnrollmentsTable>;
