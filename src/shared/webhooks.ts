/**
 * Webhooks (docs/product/integrations.md#webhooks): the events a workspace may subscribe to, the limits,
 * the retry schedule and the signature's header names. One table for the server and the web app.
 */

/** The events a webhook may subscribe to, each sent for its own workspace only. */
export const WEBHOOK_EVENTS = [
  'lead.created',
  'lead.converted',
  'contact.received',
  'post.published',
  'profile.scraped',
  'client.created',
  'project.created',
  'project.delivered',
  'task.completed',
  'invoice.finalized',
  'invoice.paid',
  'payment.recorded',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** What "Send a test event" sends: not subscribable, sent to one webhook on demand. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
export type WebhookDeliveryEvent = WebhookEvent | typeof WEBHOOK_TEST_EVENT;

/** The form's checkbox labels and what each event means. */
export const WEBHOOK_EVENT_INFO: Record<WebhookEvent, { label: string; description: string }> = {
  'lead.created': {
    label: 'Lead created',
    description: 'A new lead, from any source (up to 1,000 per import).',
  },
  'lead.converted': { label: 'Lead converted', description: "A lead's status changed to Converted." },
  'contact.received': { label: 'Contact message', description: "A message from the website's contact form." },
  'post.published': {
    label: 'Post published',
    description: 'A blog post went public, by hand or on schedule.',
  },
  'profile.scraped': { label: 'Profile scraped', description: 'Botgit sent a new or updated profile.' },
  'client.created': {
    label: 'Client created',
    description: 'A client was added, by hand or by converting a lead.',
  },
  'project.created': {
    label: 'Project created',
    description: 'A project was created for a client, by hand or with a lead’s conversion.',
  },
  'project.delivered': {
    label: 'Project delivered',
    description: 'A project was marked Delivered, with its date and note.',
  },
  'task.completed': { label: 'Task completed', description: 'A task of a project was moved to Done.' },
  'invoice.finalized': {
    label: 'Invoice finalised',
    description: 'A draft invoice or a credit note was given its number and can no longer change.',
  },
  'invoice.paid': { label: 'Invoice paid', description: 'Payments and credits settled an invoice in full.' },
  'payment.recorded': {
    label: 'Payment recorded',
    description: "A client's payment was recorded, with the invoices it settles.",
  },
};

export const WEBHOOK_HEADERS = {
  event: 'x-agencyhq-event',
  signature: 'x-agencyhq-signature',
} as const;

export const WEBHOOK_LIMITS = {
  /** Webhooks one workspace may have. */
  perWorkspace: 10,
  urlMax: 2048,
  /** One delivery attempt: connect, send and the answer's status, all within this. */
  timeoutMs: 10_000,
  /** Of the receiver's answer, this much is read and kept in the log; the rest is not read. */
  responseExcerptBytes: 4096,
  /** Deliveries shown in a webhook's log. */
  logSize: 50,
  /** A webhook whose deliveries have failed for this long without one success is paused. */
  pauseAfterMs: 3 * 24 * 60 * 60 * 1000,
  /** lead.created events one import sends at most (one per lead, in the file's order). */
  importEventCap: 1000,
  /** Attempts of one delivery: the first, then one after each delay below. */
  maxAttempts: 8,
  /**
   * "Send a test event" and "Send again" by hand, per webhook and per workspace in the last hour: each
   * queues a delivery to a receiver the workspace chose, and a workspace must not fill the workers with
   * them (docs/decisions/0016-webhooks.md#fairness).
   */
  manualSendsPerWebhookPerHour: 10,
  manualSendsPerWorkspacePerHour: 30,
  /**
   * Deliveries one workspace may have waiting (queued or being sent). Past it an event is logged as not
   * sent rather than queued: one workspace's flood never grows the queue every workspace shares
   * (docs/decisions/0016-webhooks.md#fairness).
   */
  queuedPerWorkspace: 10_000,
  /**
   * After this many failed attempts in a row a webhook is held: its other deliveries wait, untried, for
   * `holdMinMs`, doubling with each further failure up to `holdMaxMs`. The first attempt after the hold
   * probes the receiver; a success (or a test event that gets through) ends the hold.
   */
  holdAfterFailures: 5,
  holdMinMs: 60_000,
  holdMaxMs: 60 * 60_000,
} as const;

/** How long a webhook is held after `failuresInARow` failed attempts; 0 while under the threshold. */
export function webhookHoldMs(failuresInARow: number): number {
  const beyond = failuresInARow - WEBHOOK_LIMITS.holdAfterFailures;
  if (beyond < 0) return 0;
  return Math.min(WEBHOOK_LIMITS.holdMaxMs, WEBHOOK_LIMITS.holdMinMs * 2 ** Math.min(beyond, 20));
}

/**
 * The wait before each retry: after the first failed attempt 30 s, then 2 min, 10 min, 1 h, 3 h, 6 h and
 * 12 h; 8 attempts over about 23 hours, each with the same event id.
 */
export const WEBHOOK_RETRY_DELAYS_MS = [
  30_000,
  2 * 60_000,
  10 * 60_000,
  60 * 60_000,
  3 * 60 * 60_000,
  6 * 60 * 60_000,
  12 * 60 * 60_000,
] as const;

/** The wait after `failedAttempts` failures, or null once the attempts are used up. */
export function webhookRetryDelayMs(failedAttempts: number): number | null {
  if (failedAttempts < 1 || failedAttempts >= WEBHOOK_LIMITS.maxAttempts) return null;
  return WEBHOOK_RETRY_DELAYS_MS[failedAttempts - 1] ?? null;
}

export const WEBHOOK_DELIVERY_STATUSES = ['queued', 'sending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** A lead as events carry it. */
export interface WebhookLead {
  id: string;
  name: string;
  email: string;
  phone: string;
  company: string;
  status: string;
  priority: string;
  source: string;
  notes: string;
  createdAt: string;
}

/** A client as events carry it. */
export interface WebhookClient {
  id: string;
  name: string;
  legalName: string;
  taxId: string;
  country: string;
  state: string;
  currency: string;
  paymentTermsDays: number;
  contacts: { name: string; email: string; phone: string; jobTitle: string }[];
  createdAt: string;
}

/** A project as events carry it: amounts in minor units of `currency`, budgets in minutes. */
export interface WebhookProject {
  id: string;
  number: number;
  code: string;
  name: string;
  clientId: string;
  status: string;
  billingType: string;
  currency: string;
  budgetMinutes: number | null;
  budgetAmount: number | null;
  startDate: string | null;
  dueDate: string | null;
  deliveredOn: string | null;
  deliveryNote: string;
  createdAt: string;
}

/** An invoice or credit note as webhooks carry it; amounts in minor units of `currency`. */
export interface WebhookInvoice {
  id: string;
  kind: 'invoice' | 'credit_note';
  number: string | null;
  clientId: string;
  projectId: string | null;
  issueDate: string;
  dueDate: string | null;
  currency: string;
  subtotal: number;
  taxTotal: number;
  total: number;
  paidAmount: number;
  creditedAmount: number;
  balance: number;
}

/** Each event's `data` (docs/product/integrations.md#webhooks). */
export interface WebhookEventData {
  'invoice.finalized': { invoice: WebhookInvoice; corrects: { id: string; number: string | null } | null };
  'invoice.paid': { invoice: WebhookInvoice };
  'payment.recorded': {
    payment: {
      id: string;
      clientId: string;
      date: string;
      amount: number;
      currency: string;
      method: string;
      reference: string;
    };
    allocations: { invoiceId: string; number: string | null; amount: number }[];
  };
  /** `leadId`: the lead it was converted from, null when it was added by hand. */
  'client.created': { client: WebhookClient; leadId: string | null };
  'project.created': { project: WebhookProject };
  /** `onTime`: delivered on or before the due date (null without one). */
  'project.delivered': { project: WebhookProject; onTime: boolean | null };
  'task.completed': {
    task: { id: string; number: number; title: string; dueDate: string | null; completedAt: string };
    project: { id: string; code: string; name: string };
    /** The usernames of who the task was assigned to. */
    assignees: string[];
  };
  'lead.created': {
    lead: WebhookLead;
    /** Where it was made: dashboard, form, import, botgit or api. */
    origin: string;
    /** Imports only: how many leads the import added, and how many of them have an event (at most 1,000). */
    import?: { total: number; sent: number };
  };
  'lead.converted': { lead: WebhookLead; previousStatus: string };
  'contact.received': { leadId: string; name: string; email: string; subject: string; message: string };
  'post.published': {
    post: { id: string; title: string; slug: string; publishedAt: string };
    /** Published by its schedule rather than by hand. */
    scheduled: boolean;
  };
  'profile.scraped': {
    profile: {
      id: string;
      profileUrl: string;
      name: string;
      role: string;
      location: string;
      email: string;
      phone: string;
      scrapedAt: string;
    };
    change: 'created' | 'updated';
  };
}

/** The body of every delivery: the same bytes, and so the same `id`, on every attempt. */
export interface WebhookBody<E extends WebhookDeliveryEvent = WebhookDeliveryEvent> {
  id: string;
  event: E;
  createdAt: string;
  data: E extends WebhookEvent ? WebhookEventData[E] : { webhookId: string; message: string };
}
