/**
 * API keys (docs/product/integrations.md#api-keys): the scopes, the key's shape and the limits (who manages
 * keys: canManageIntegrations in src/shared/access.ts). Free of zod and of Node: the server, the web app
 * and the Botgit extension import it.
 */

/** What a key may reach, each route's scope named once on the server (src/server/auth/api-key-scopes.ts). */
export const API_KEY_SCOPES = [
  'scraped-data:write',
  'leads:read',
  'leads:write',
  'blogs:read',
  'blogs:write',
  'analytics:read',
  'projects:read',
  'projects:write',
  'tasks:read',
  'tasks:write',
  'time:read',
  'time:write',
  'invoices:read',
  'invoices:write',
  'payments:read',
  'payments:write',
  'expenses:read',
  'expenses:write',
  'estimates:read',
  'estimates:write',
  'marketing:read',
  'marketing:write',
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const isApiKeyScope = (value: unknown): value is ApiKeyScope =>
  typeof value === 'string' && (API_KEY_SCOPES as readonly string[]).includes(value);

/** The scope checkboxes of the Create API key form, and what each one lets a key do. */
export const API_KEY_SCOPE_INFO: Record<ApiKeyScope, { label: string; text: string }> = {
  'scraped-data:write': {
    label: 'Botgit: save profiles',
    text: "Save scraped profiles to Botgit and read the workspace's Botgit Settings.",
  },
  'leads:read': { label: 'Leads: read', text: 'List, read and export the Client Leads.' },
  'leads:write': {
    label: 'Leads: write',
    text: 'Add, edit, import and delete Client Leads, and mark follow-ups done.',
  },
  'blogs:read': { label: 'Blog: read', text: "Read the workspace's posts, drafts and categories." },
  'blogs:write': {
    label: 'Blog: write',
    text: 'Write, publish and delete posts and categories.',
  },
  'analytics:read': {
    label: 'Analytics: read',
    text: "Read the agency site's website analytics and export them as CSV.",
  },
  'projects:read': {
    label: 'Clients and projects: read',
    text: 'List, read and export the clients and their projects, with their timelines.',
  },
  'projects:write': {
    label: 'Clients and projects: write',
    text: 'Add, edit and delete clients and their contacts, and projects, and deliver projects.',
  },
  'tasks:read': {
    label: 'Tasks: read',
    text: "Read projects' tasks, their comments, and the key creator's own tasks.",
  },
  'tasks:write': { label: 'Tasks: write', text: 'Add, edit, move and delete tasks, and comment on them.' },
  'time:read': {
    label: 'Time: read',
    text: 'Read time entries and the time reports, and export them as CSV.',
  },
  'time:write': {
    label: 'Time: write',
    text: "Log, edit and delete the key creator's own time entries (never approve them).",
  },
  'invoices:read': { label: 'Invoices: read', text: 'List and read invoices and credit notes.' },
  'invoices:write': {
    label: 'Invoices: write',
    text: 'Create, edit and delete drafts, finalise them, issue credit notes and invoice projects.',
  },
  'payments:read': { label: 'Payments: read', text: 'List and read payments, refunds and client credit.' },
  'payments:write': {
    label: 'Payments: write',
    text: 'Record and delete payments and refunds, and allocate them to invoices.',
  },
  'expenses:read': { label: 'Expenses: read', text: 'List and read expenses and download their receipts.' },
  'expenses:write': {
    label: 'Expenses: write',
    text: 'Submit, edit and delete expenses and attach receipts (never approve them).',
  },
  'estimates:read': { label: 'Estimates: read', text: 'List and read estimates and download their PDFs.' },
  'estimates:write': {
    label: 'Estimates: write',
    text: 'Create, edit, send and delete estimates, record the client’s answer, and make accepted ones projects.',
  },
  'marketing:read': {
    label: 'Marketing: read',
    text: 'Read mailing lists, their members with the proof of consent, and the suppression list; list, read and preview e-mail templates.',
  },
  'marketing:write': {
    label: 'Marketing: write',
    text: 'Create, edit and delete mailing lists, add people with a stated basis of consent, import them from CSV, unsubscribe them, and manage suppressions; create, edit and delete e-mail templates (never send them).',
  },
};

/**
 * A key: `ahq_`, 40 random base62 characters, then 6 base62 characters of their CRC-32, so a secret
 * scanner can recognise one (and check its checksum) without asking the server.
 */
export const API_KEY_PREFIX = 'ahq_';
export const API_KEY_RANDOM_LENGTH = 40;
export const API_KEY_CHECKSUM_LENGTH = 6;
/** The characters shown of a key in the list after its prefix ("ahq_Ab12…"). */
export const API_KEY_SHOWN_LENGTH = 4;
/** A key anywhere in a text (the log redaction looks for it in every message and address). */
export const API_KEY_PATTERN = /ahq_[0-9A-Za-z]{46}(?![0-9A-Za-z])/g;

export const API_KEY_LIMITS = {
  /** Live keys per workspace: no plan states a number, so every plan has this one. */
  perWorkspace: 50,
  nameMax: 60,
  /** Requests one key may make a minute, counted in the shared store. */
  requestsPerMinute: 300,
  /** "Last used" is written at most this often (it is shown to the minute). */
  lastUsedResolutionMs: 60_000,
} as const;

/** Connecting the Botgit extension (docs/product/integrations.md#connect-botgit). */
export const BOTGIT_CONNECT = {
  /** A connection request must be approved and claimed within this time. */
  ttlMs: 10 * 60_000,
  /** The name of the key made for the extension, shown in Credentials. */
  keyName: 'Botgit extension',
  scopes: ['scraped-data:write'] as readonly ApiKeyScope[],
  /** The product page the extension opens with `?code=`. */
  path: '/connect-botgit',
  /** Connection requests per client address. */
  startLimit: { name: 'botgit-connect-ip', limit: 30, windowMs: 15 * 60_000 },
  /** Claims per client address: the extension asks every 2 seconds while the user approves. */
  claimLimit: { name: 'botgit-claim-ip', limit: 600, windowMs: 15 * 60_000 },
  /** How often the extension asks whether the request was approved. */
  pollMs: 2000,
  /**
   * The page and Botgit's content script speak through the page's DOM: the content script marks the root
   * element with this attribute, holding the code, once the extension of this browser has confirmed it
   * started that request; the page answers with a window message of this type once it is approved.
   */
  pageAttribute: 'data-botgit-connect',
  approvedMessage: 'agencyhq:botgit-connect-approved',
} as const;
