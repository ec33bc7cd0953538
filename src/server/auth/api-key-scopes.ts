import type { ApiKeyScope } from '../../shared/api-keys';

/**
 * What an API key reaches (docs/product/integrations.md#scopes, docs/decisions/0017-api-keys.md): each
 * route, by its method and URL pattern as the route table names it, and the scope a key needs for it. This
 * table is the only place that says so. A route not listed refuses every key (403), whatever its scopes:
 * the admin routes, users, the workspace and its settings, API keys themselves, sessions, the profile and
 * two-factor sign-in are never reached with a key. A listed route still applies its own guard to the key's
 * creator, so a key never does more than its creator may.
 *
 * Refused to every key on purpose (not listed): saved lead views (`/api/leads/views…`, one person's
 * filters in the dashboard, not data a script reads or writes), the webhooks and `GET /api/integrations`
 * (the workspace's Admin configuration, like API keys themselves), the Scraped Data list and Botgit
 * Settings' writes.
 *
 * `analytics:read` reads the agency site's figures (docs/product/analytics.md); typing a campaign's spend
 * stays a person's act in the dashboard.
 *
 * `projects:read` and `projects:write` reach the Projects module's data (docs/product/projects.md): the
 * clients and their projects. Converting a lead is never done with a key: it reads and writes a lead and a client at once,
 * and no one scope covers both.
 *
 * E-mail templates (docs/product/marketing.md#templates): `marketing:read` lists, reads and previews them,
 * `marketing:write` creates, edits and deletes them. A test send is never made with a key: it mails the key's
 * creator, which a script has no reason to do.
 *
 * The client portal (docs/product/portal.md#staff-controls): a key reads who has access (`projects:read`),
 * and may remove access or end its sessions (`projects:write`: taking access away is always safe), but never
 * gives access: that mails a sign-in link to an outsider, and a leaked key that can edit a client's
 * contacts could send one to itself. The portal's own routes read the portal cookie only and answer every
 * key 401.
 */
export const API_KEY_ROUTE_SCOPES: Readonly<Record<string, ApiKeyScope>> = {
  'GET /api/analytics': 'analytics:read',
  'GET /api/analytics/export.csv': 'analytics:read',

  // What the Botgit extension calls (docs/product/botgit.md#ingest): the ingest, the settings it
  // enforces, and disconnecting itself.
  'POST /api/scraped-data': 'scraped-data:write',
  'GET /api/botgit/settings': 'scraped-data:write',
  'DELETE /api/botgit/connect': 'scraped-data:write',

  'GET /api/leads': 'leads:read',
  'GET /api/leads/summary': 'leads:read',
  'GET /api/leads/owners': 'leads:read',
  'GET /api/leads/export': 'leads:read',
  'GET /api/leads/:id': 'leads:read',
  'GET /api/leads/:id/timeline': 'leads:read',
  'GET /api/leads/:id/duplicates': 'leads:read',
  'POST /api/leads/:id/merge': 'leads:write',

  'POST /api/leads': 'leads:write',
  'PUT /api/leads/:id': 'leads:write',
  'DELETE /api/leads/:id': 'leads:write',
  'POST /api/leads/import': 'leads:write',
  'POST /api/leads/import/preview': 'leads:write',
  'POST /api/leads/:id/follow-up/done': 'leads:write',
  // A note is written and deleted as the key's creator: only their own notes can be deleted.
  'POST /api/leads/:id/notes': 'leads:write',
  'DELETE /api/leads/:id/notes/:noteId': 'leads:write',

  // Public reads that show the workspace's drafts to a signed-in caller: with a key, only with blogs:read
  // (without it the key is answered as anyone is).
  'GET /api/blogs': 'blogs:read',
  'GET /api/blogs/:idOrSlug': 'blogs:read',
  'GET /api/categories': 'blogs:read',
  'GET /api/blogs/:id/revisions': 'blogs:read',
  'GET /api/blogs/:id/autosave': 'blogs:read',
  'GET /api/blogs/:id/previews': 'blogs:read',

  'POST /api/blogs': 'blogs:write',
  'PUT /api/blogs/:id': 'blogs:write',
  'DELETE /api/blogs/:id': 'blogs:write',
  'POST /api/blogs/:id/revisions/:revisionId/restore': 'blogs:write',
  'PUT /api/blogs/:id/autosave': 'blogs:write',
  'DELETE /api/blogs/:id/autosave': 'blogs:write',
  'POST /api/blogs/:id/previews': 'blogs:write',
  'DELETE /api/blogs/:id/previews/:linkId': 'blogs:write',
  'POST /api/categories': 'blogs:write',

  'GET /api/clients': 'projects:read',
  'GET /api/clients/export.csv': 'projects:read',
  'GET /api/clients/:id': 'projects:read',
  'GET /api/clients/:id/timeline': 'projects:read',
  'POST /api/clients': 'projects:write',
  'PUT /api/clients/:id': 'projects:write',
  'DELETE /api/clients/:id': 'projects:write',
  'GET /api/clients/:id/portal-access': 'projects:read',
  'DELETE /api/clients/:id/portal-access/:accessId': 'projects:write',
  'POST /api/clients/:id/portal-access/:accessId/end-sessions': 'projects:write',
  'GET /api/projects': 'projects:read',
  'GET /api/projects/summary': 'projects:read',
  'GET /api/projects/members': 'projects:read',
  'GET /api/projects/:id': 'projects:read',
  'GET /api/projects/:id/timeline': 'projects:read',
  'POST /api/projects': 'projects:write',
  'PUT /api/projects/:id': 'projects:write',
  'POST /api/projects/:id/deliver': 'projects:write',
  'DELETE /api/projects/:id': 'projects:write',
  'GET /api/projects/:id/tasks': 'tasks:read',
  'GET /api/tasks/mine': 'tasks:read',
  'GET /api/tasks/:id': 'tasks:read',
  'GET /api/tasks/:id/comments': 'tasks:read',
  'GET /api/tasks/:id/timeline': 'tasks:read',
  'POST /api/projects/:id/tasks': 'tasks:write',
  'PUT /api/tasks/:id': 'tasks:write',
  'POST /api/tasks/:id/move': 'tasks:write',
  'DELETE /api/tasks/:id': 'tasks:write',
  'POST /api/tasks/:id/comments': 'tasks:write',
  'PUT /api/tasks/:id/comments/:commentId': 'tasks:write',
  'DELETE /api/tasks/:id/comments/:commentId': 'tasks:write',
  'GET /api/invoices': 'invoices:read',
  'GET /api/invoices/:id': 'invoices:read',
  'GET /api/invoices/export.csv': 'invoices:read',
  'GET /api/invoices/:id/pdf': 'invoices:read',
  'GET /api/invoices/:id/e-invoice': 'invoices:read',
  'POST /api/invoices/:id/send': 'invoices:write',
  'PUT /api/invoices/:id/reminders': 'invoices:write',
  'GET /api/finance/summary': 'invoices:read',
  'GET /api/finance/gst-summary': 'invoices:read',
  'GET /api/clients/:id/statement': 'payments:read',
  'POST /api/invoices': 'invoices:write',
  'PUT /api/invoices/:id': 'invoices:write',
  'DELETE /api/invoices/:id': 'invoices:write',
  'POST /api/invoices/:id/finalise': 'invoices:write',
  'POST /api/invoices/:id/credit-notes': 'invoices:write',
  'POST /api/projects/:id/invoice': 'invoices:write',
  'POST /api/projects/:id/retainer-invoice': 'invoices:write',
  'GET /api/payments': 'payments:read',
  'GET /api/estimates': 'estimates:read',
  'GET /api/estimates/:id': 'estimates:read',
  'GET /api/estimates/:id/pdf': 'estimates:read',
  'POST /api/estimates': 'estimates:write',
  'PUT /api/estimates/:id': 'estimates:write',
  'DELETE /api/estimates/:id': 'estimates:write',
  'POST /api/estimates/:id/send': 'estimates:write',
  'POST /api/estimates/:id/accept': 'estimates:write',
  'POST /api/estimates/:id/decline': 'estimates:write',
  'POST /api/estimates/:id/project': 'estimates:write',
  'GET /api/email-templates': 'marketing:read',
  'GET /api/email-templates/:id': 'marketing:read',
  'POST /api/email-templates/preview': 'marketing:read',
  'POST /api/email-templates': 'marketing:write',
  'PUT /api/email-templates/:id': 'marketing:write',
  'DELETE /api/email-templates/:id': 'marketing:write',
  'GET /api/expenses': 'expenses:read',
  'GET /api/expenses/:id': 'expenses:read',
  'GET /api/expenses/:id/receipt': 'expenses:read',
  'POST /api/expenses': 'expenses:write',
  'PUT /api/expenses/:id': 'expenses:write',
  'DELETE /api/expenses/:id': 'expenses:write',
  'PUT /api/expenses/:id/receipt': 'expenses:write',
  'GET /api/payments/:id': 'payments:read',
  'GET /api/payments/export.csv': 'payments:read',
  'POST /api/payments': 'payments:write',
  'POST /api/payments/:id/allocations': 'payments:write',
  'POST /api/payments/:id/refunds': 'payments:write',
  'DELETE /api/payments/:id': 'payments:write',
  // A client's "I have paid" from the portal, set aside without a payment (docs/product/finance.md#payment-notices).
  'POST /api/invoices/:id/payment-notices/:noticeId/dismiss': 'payments:write',
  'GET /api/tasks/:id/attachments': 'tasks:read',
  'GET /api/tasks/:id/attachments/:attachmentId': 'tasks:read',
  'POST /api/tasks/:id/attachments': 'tasks:write',
  'DELETE /api/tasks/:id/attachments/:attachmentId': 'tasks:write',
  'PUT /api/tasks/:id/attachments/:attachmentId/visibility': 'tasks:write',

  // Time: a key logs its creator's own time; approving stays a person's act in the dashboard.
  'GET /api/time-entries': 'time:read',
  'GET /api/time-entries/export.csv': 'time:read',
  'GET /api/time-entries/:id': 'time:read',
  'GET /api/time-reports': 'time:read',
  'GET /api/timer': 'time:read',
  'POST /api/time-entries': 'time:write',
  'PUT /api/time-entries/:id': 'time:write',
  'DELETE /api/time-entries/:id': 'time:write',
  'POST /api/timer/start': 'time:write',
  'POST /api/timer/stop': 'time:write',
  'POST /api/time-entries/submit': 'time:write',
  'PUT /api/categories/:id': 'blogs:write',
  'DELETE /api/categories/:id': 'blogs:write',

  // Mailing lists (docs/product/marketing.md#lists-and-consent). Adding the leads of a filter is never done
  // with a key: it reads leads, and a key with marketing scopes alone could copy their addresses out.
  'GET /api/mailing-lists': 'marketing:read',
  'GET /api/mailing-lists/:id': 'marketing:read',
  'GET /api/mailing-lists/:id/members': 'marketing:read',
  'GET /api/suppressions': 'marketing:read',
  'GET /api/campaigns/reports': 'marketing:read',
  'GET /api/campaigns/:id/report': 'marketing:read',
  'POST /api/mailing-lists': 'marketing:write',
  'PUT /api/mailing-lists/:id': 'marketing:write',
  'DELETE /api/mailing-lists/:id': 'marketing:write',
  'POST /api/mailing-lists/:id/members': 'marketing:write',
  'DELETE /api/mailing-lists/:id/members/:subscriberId': 'marketing:write',
  'POST /api/mailing-lists/:id/import': 'marketing:write',
  'POST /api/suppressions': 'marketing:write',
  'DELETE /api/suppressions/:email': 'marketing:write',
  // Campaigns (docs/product/marketing.md#campaigns).
  'GET /api/campaigns': 'marketing:read',
  'GET /api/campaigns/settings': 'marketing:read',
  'GET /api/campaigns/:id': 'marketing:read',
  'POST /api/campaigns': 'marketing:write',
  'PUT /api/campaigns/settings': 'marketing:write',
  'PUT /api/campaigns/:id': 'marketing:write',
  'DELETE /api/campaigns/:id': 'marketing:write',
  'POST /api/campaigns/:id/schedule': 'marketing:write',
  'POST /api/campaigns/:id/send': 'marketing:write',
  'POST /api/campaigns/:id/pause': 'marketing:write',
  'POST /api/campaigns/:id/resume': 'marketing:write',
  'POST /api/campaigns/:id/cancel': 'marketing:write',
  // Bounces: a key reads the log and the settings; the mailbox and the webhook secret change only in a session.
  'GET /api/bounces': 'marketing:read',
  'GET /api/bounces/settings': 'marketing:read',
  // Sequences (docs/product/marketing.md#sequences).
  'GET /api/sequences': 'marketing:read',
  'GET /api/sequences/:id': 'marketing:read',
  'GET /api/sequences/:id/enrollments': 'marketing:read',
  'POST /api/sequences': 'marketing:write',
  'PUT /api/sequences/:id': 'marketing:write',
  'DELETE /api/sequences/:id': 'marketing:write',
  'POST /api/sequences/:id/pause': 'marketing:write',
  'POST /api/sequences/:id/resume': 'marketing:write',
  'POST /api/sequences/:id/enrollments': 'marketing:write',
  'POST /api/sequences/:id/enrollments/:enrollmentId/replied': 'marketing:write',
  'POST /api/sequences/:id/enrollments/:enrollmentId/remove': 'marketing:write',
};

/** The scope a key needs for a route, or undefined when no key may call it. */
export function scopeForRoute(method: string, url: string | undefined): ApiKeyScope | undefined {
  if (!url) return undefined;
  const asked = method === 'HEAD' ? 'GET' : method;
  return Object.hasOwn(API_KEY_ROUTE_SCOPES, `${asked} ${url}`)
    ? API_KEY_ROUTE_SCOPES[`${asked} ${url}`]
    : undefined;
}
