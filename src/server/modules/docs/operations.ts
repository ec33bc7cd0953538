import { listUnsubscribeSchema } from '../../../shared/schemas/campaigns';
import { z } from 'zod';
import { blogFieldsSchema, blogStatusSchema } from '../../../shared/schemas/blog';
import { LEAD_IMPORT_FIELDS } from '../../../shared/lead-import-formats';
import { pageViewSchema } from '../../../shared/schemas/analytics';
import { portalUnsubscribeSchema } from '../../../shared/schemas/portal-notifications';
import { bounceWebhookBodySchema } from '../../../shared/schemas/bounces';

/**
 * What the route schemas cannot say about an operation, keyed by 'METHOD /api/path' as Fastify names the
 * route. A route's own `schema.summary` wins over this table; routes missing here still appear (without a
 * summary), so a new module is documented the moment it is registered.
 */
export interface OperationNotes {
  summary: string;
  /** Group for routes that declare no tags. */
  tag?: string;
  /**
   * Overrides the guess from route hooks: 'public' for a route whose hooks are not sign-in guards (e.g. a
   * rate limit), 'optional' for a public route that answers more with a bearer token (drafts for staff).
   */
  auth?: 'public' | 'optional';
  /** Multipart or alternative bodies the handler reads itself (no `schema.body` on the route). */
  body?: { content: Record<string, { schema: z.ZodType }> };
  /** The success answer of a route that answers a file rather than JSON (JSON answers are route schemas). */
  file?: { status: number; mediaType: string; description: string };
}

const blogMultipart = blogFieldsSchema.extend({
  featuredImage: z
    .string()
    .optional()
    .meta({ format: 'binary', description: 'Image file (JPEG, PNG, WebP, GIF)' }),
});
const siteImage = z.object({
  image: z.string().meta({
    format: 'binary',
    description: 'Image file (PNG, JPEG, WebP, GIF, AVIF, or SVG without script or references), at most 5 MB',
  }),
});
const leadImportForm = z.object({
  file: z.string().meta({
    format: 'binary',
    description:
      'A .csv file: UTF-8 (with or without a BOM), UTF-16 with a BOM, or Windows-1252; comma, semicolon or ' +
      'tab separated; lines of notes before the header are skipped. The header is matched automatically ' +
      '(HubSpot, Salesforce, Pipedrive, Zoho, Twenty, LinkedIn, Google, Outlook, Mailchimp, Brevo and plain names).',
  }),
  mapping: z
    .string()
    .optional()
    .meta({
      description:
        `JSON object: column header → lead field (${LEAD_IMPORT_FIELDS.join(', ')}) or null to leave the ` +
        'column out. Columns it does not name keep their automatic match.',
    }),
});

const subscriberImportForm = z.object({
  file: z.string().meta({
    format: 'binary',
    description:
      'A .csv file with a header row: email (required), name, company; at most 20,000 rows and 5 MB.',
  }),
  consentBasis: z.string().meta({
    description: "Required: the basis of these people's consent (3–300 characters), kept with each of them.",
  }),
});

export const OPERATION_NOTES: Record<string, OperationNotes> = {
  'GET /api/mailing-lists': { summary: "The workspace's mailing lists with their members per status" },
  'POST /api/mailing-lists': {
    summary: 'Create a mailing list (single or double opt-in, with its consent text)',
  },
  'GET /api/mailing-lists/:id': { summary: 'One mailing list with its members per status' },
  'PUT /api/mailing-lists/:id': { summary: 'Edit a mailing list' },
  'DELETE /api/mailing-lists/:id': { summary: 'Delete a mailing list and its memberships' },
  'GET /api/mailing-lists/:id/members': {
    summary: "A page of a list's members with their status and proof of consent",
  },
  'POST /api/mailing-lists/:id/members': {
    summary: 'Add one person to a list by hand, with the basis of consent',
  },
  'POST /api/mailing-lists/:id/members/from-leads': {
    summary: 'Add the leads the lead filters match to a list, with the basis of consent',
  },
  'POST /api/mailing-lists/:id/members/from-clients': {
    summary: 'Add the contacts of chosen clients (or of all) to a list, with the basis of consent',
  },
  'POST /api/mailing-lists/:id/import': {
    summary: 'Import subscribers from a CSV file, with the basis of consent',
    body: { content: { 'multipart/form-data': { schema: subscriberImportForm } } },
  },
  'DELETE /api/mailing-lists/:id/members/:subscriberId': {
    summary: 'Unsubscribe a person from a list (the record of consent is kept)',
  },
  'GET /api/suppressions': { summary: "The workspace's suppression list" },
  'POST /api/suppressions': { summary: 'Suppress an address by hand: no mail ever goes to it' },
  'DELETE /api/suppressions/:email': { summary: 'Lift a suppression added by hand' },
  'GET /api/campaigns': { summary: "A page of the workspace's campaigns with their progress, newest first" },
  'POST /api/campaigns': {
    summary: 'Create a campaign draft: a template, a list, a lead segment, its utm_*',
  },
  'GET /api/campaigns/settings': {
    summary: "The workspace's sending speed (messages per second and per hour)",
  },
  'PUT /api/campaigns/settings': { summary: "Set the workspace's sending speed" },
  'GET /api/campaigns/:id': { summary: 'One campaign with its progress' },
  'PUT /api/campaigns/:id': { summary: 'Edit a draft or scheduled campaign' },
  'DELETE /api/campaigns/:id': { summary: 'Delete a draft or cancelled campaign' },
  'POST /api/campaigns/:id/schedule': {
    summary: 'Schedule a campaign (at least a minute, at most a year ahead)',
  },
  'POST /api/campaigns/:id/send': { summary: 'Start sending a campaign now' },
  'POST /api/campaigns/:id/pause': { summary: 'Pause a sending campaign' },
  'POST /api/campaigns/:id/resume': { summary: 'Resume a paused campaign' },
  'POST /api/campaigns/:id/cancel': { summary: 'Cancel a campaign: nothing more of it is sent' },
  'GET /api/sequences': { summary: "The workspace's welcome and drip sequences with their steps and counts" },
  'POST /api/sequences': {
    summary: 'Create a sequence: a list, a trigger and its steps (template, days to wait)',
  },
  'GET /api/sequences/:id': { summary: 'One sequence with its steps and enrolment counts' },
  'PUT /api/sequences/:id': {
    summary: "Edit a sequence's name, trigger and steps (its list while no one is enrolled)",
  },
  'DELETE /api/sequences/:id': { summary: 'Delete a sequence and its enrolments' },
  'POST /api/sequences/:id/pause': { summary: 'Pause a sequence: no step is sent until resumed' },
  'POST /api/sequences/:id/resume': { summary: 'Resume a paused sequence' },
  'GET /api/sequences/:id/enrollments': { summary: "A page of a sequence's people and where each is" },
  'POST /api/sequences/:id/enrollments': {
    summary: "Enrol chosen people of the sequence's list, or everyone subscribed to it",
  },
  'POST /api/sequences/:id/enrollments/:enrollmentId/replied': {
    summary: 'Mark a person as having replied: they leave the sequence',
  },
  'POST /api/sequences/:id/enrollments/:enrollmentId/remove': {
    summary: 'Take a person out of the sequence',
  },
  'GET /api/unsubscribe': {
    summary: "What a marketing mail's unsubscribe link would do; changes nothing",
    auth: 'public',
  },
  'POST /api/unsubscribe': {
    summary: "Unsubscribe through a marketing mail's link (the page, or a mail program's one click)",
    auth: 'public',
    body: {
      content: {
        'application/json': { schema: listUnsubscribeSchema },
        'application/x-www-form-urlencoded': {
          schema: z.object({ 'List-Unsubscribe': z.literal('One-Click') }),
        },
      },
    },
  },
  'GET /api/bounces': { summary: "The workspace's bounce log: bounces and complaints, newest first" },
  'GET /api/bounces/settings': {
    summary: 'The bounce mailbox (never its password) and the provider webhook address',
  },
  'PUT /api/bounces/mailbox': { summary: 'Save the IMAP mailbox delivery and complaint reports arrive in' },
  'DELETE /api/bounces/mailbox': { summary: 'Remove the bounce mailbox (nothing is read any more)' },
  'POST /api/bounces/mailbox/check': { summary: 'Read the bounce mailbox now' },
  'POST /api/bounces/webhook-secret': {
    summary: 'Make a new signing secret for the provider webhook (shown once)',
  },
  'POST /api/bounces/webhook/:key': {
    summary: 'Provider webhook: bounces and complaints, signed with the workspace secret',
    auth: 'public',
    body: { content: { 'application/json': { schema: bounceWebhookBodySchema } } },
  },
  'GET /api/campaigns/reports': {
    summary: "A page of the workspace's campaigns with their results",
  },
  'GET /api/campaigns/:id/report': {
    summary: "One campaign's results: deliveries, bounces, clicks per link and what it brought to the site",
  },
  'GET /api/subscribe/:formKey': {
    summary: "Public subscribe form: the list's name, consent text and opt-in kind",
    auth: 'public',
  },
  'POST /api/subscribe/:formKey': {
    summary: 'Public subscribe form: sign up (the same 202 answer for every address)',
    auth: 'public',
  },
  'POST /api/subscribe/confirm': {
    summary: 'Public: confirm a double opt-in with the mailed token',
    auth: 'public',
  },
  'GET /api/health': { summary: 'Liveness: the process answers', tag: 'health' },
  'GET /api/ready': { summary: 'Readiness: the database answers and migrations are applied', tag: 'health' },
  'GET /api/openapi.json': {
    summary: 'This OpenAPI document',
    file: { status: 200, mediaType: 'application/json', description: 'OpenAPI 3.0 description of the API' },
  },
  'POST /api/login': { summary: 'Sign in with e-mail and password; answers a bearer token and the user' },
  'POST /api/register': { summary: 'Create an account (Freelancer, Business Owner or Team Member)' },
  'GET /api/profile': { summary: 'The signed-in user (polled every 30 s by the dashboard)' },
  'PUT /api/profile': { summary: "Update the signed-in user's own profile" },
  'POST /api/check-domain': { summary: 'Is there a workspace for this e-mail domain? (Team Member sign-up)' },
  'GET /api/dashboard': { summary: 'Overview data: total users and recent activity' },
  'GET /api/users': { summary: 'List users (Admin: everyone; Settings & Configuration: own workspace)' },
  'PUT /api/users/:id': { summary: "Change a user's role and status, or contact details (Admin)" },
  'PUT /api/users/:id/permissions': { summary: "Set a user's module permissions (Admin)" },
  'POST /api/users/upgrade-role': { summary: 'Upgrade a User account to the free Solo HQ plan (SOLOHQ)' },
  'GET /api/workspace': { summary: "The signed-in user's workspace" },
  'PUT /api/workspace': { summary: 'Update workspace settings' },
  'GET /api/blogs': {
    summary: 'List blog posts (anonymous callers get published posts only)',
    auth: 'optional',
  },
  'GET /api/blogs/:idOrSlug': { summary: 'One blog post by id or slug', auth: 'optional' },
  'POST /api/blogs': {
    summary: 'Create a blog post (SEO Management)',
    body: { content: { 'multipart/form-data': { schema: blogMultipart } } },
  },
  'PUT /api/blogs/:id': {
    summary: 'Update a blog post (multipart form), or change only its status (JSON)',
    body: {
      content: {
        'multipart/form-data': { schema: blogMultipart },
        'application/json': { schema: blogStatusSchema },
      },
    },
  },
  'DELETE /api/blogs/:id': { summary: 'Delete a blog post (SEO Management)' },
  'GET /api/categories': { summary: 'List blog categories', auth: 'optional' },
  'POST /api/categories': { summary: 'Create a blog category (SEO Management)' },
  'PUT /api/categories/:id': { summary: 'Rename or describe a blog category (SEO Management)' },
  'DELETE /api/categories/:id': { summary: 'Delete a blog category (SEO Management)' },
  'GET /api/media/:id': {
    summary: 'An uploaded image (public, cached for a year)',
    file: { status: 200, mediaType: 'image/*', description: 'The image, in the type its bytes show' },
  },
  'GET /api/media/:id/w/:width': {
    summary: 'A resized variant of an uploaded image (WebP; PNG for the Web Settings icon squares)',
    file: { status: 200, mediaType: 'image/*', description: 'The variant' },
  },
  'GET /api/leads': { summary: 'List leads with search, filters, sorting and pages (Data Center)' },
  'GET /api/leads/summary': { summary: 'Lead counts: total, new, in progress, converted' },
  'GET /api/leads/export': {
    summary: 'Download the filtered leads as CSV',
    file: { status: 200, mediaType: 'text/csv', description: 'RFC 4180 CSV, formulas neutralised' },
  },
  'POST /api/leads/import': {
    summary: 'Import leads from a CSV file (exports of common CRMs and contact lists included)',
    body: { content: { 'multipart/form-data': { schema: leadImportForm } } },
  },
  'POST /api/leads/import/preview': {
    summary:
      'Dry run of an import: the columns with their mapping, the first rows, the counts and the refused rows; nothing is written',
    body: { content: { 'multipart/form-data': { schema: leadImportForm } } },
  },
  'GET /api/leads/:id': { summary: 'One lead' },
  'POST /api/leads': { summary: 'Add a lead' },
  'PUT /api/leads/:id': { summary: 'Edit a lead' },
  'DELETE /api/leads/:id': { summary: 'Delete a lead' },
  'POST /api/contact': {
    summary: 'Send a contact message (creates a lead with source Website)',
    auth: 'public',
  },
  'GET /api/scraped-data': { summary: "Profiles the Botgit extension saved to the user's workspace" },
  'POST /api/scraped-data': { summary: 'Botgit extension ingest: save scraped public profiles' },
  'POST /api/scraped-data/export': {
    summary: 'Download the selected or filtered profiles as CSV',
    file: { status: 200, mediaType: 'text/csv', description: 'RFC 4180 CSV, formulas neutralised' },
  },
  'GET /api/botgit/settings': { summary: 'Botgit scraper settings' },
  'PUT /api/botgit/settings': { summary: 'Save Botgit scraper settings' },
  'POST /api/botgit/connect': { summary: 'Botgit extension: start a connection (PKCE challenge)' },
  'POST /api/botgit/connect/approve': { summary: 'Approve a Botgit connection request' },
  'POST /api/botgit/connect/claim': { summary: 'Botgit extension: claim its key with the verifier' },
  'DELETE /api/botgit/connect': { summary: 'Botgit extension: disconnect (revokes the calling key)' },
  'GET /api/api-keys': { summary: "The workspace's API keys" },
  'POST /api/api-keys': { summary: 'Create an API key (shown once)' },
  'DELETE /api/api-keys/:id': { summary: 'Revoke an API key' },
  'GET /api/email/setup': { summary: 'The SMTP settings (the password is never sent back)' },
  'POST /api/email/setup': { summary: 'Save the SMTP settings for business e-mail' },
  'POST /api/email/test': { summary: 'Send a test e-mail with the saved SMTP settings' },
  'GET /api/security/audit': { summary: "The workspace's audit log, newest first (Admin, Business Admin)" },
  'POST /api/site-settings/images/:kind': {
    summary: 'Upload the logo, the icon or the share image (Admin)',
    body: { content: { 'multipart/form-data': { schema: siteImage } } },
  },
  'POST /api/event': {
    summary:
      "Count a page view (the beacon of public pages): 202 at once, nothing in the answer; 400 unless it comes from the site's own page (Sec-Fetch-Site same-origin, or an Origin on the site's host), 413 past 1 KB, 429 past 120 a minute from one address",
    auth: 'public',
    body: {
      content: { 'text/plain': { schema: pageViewSchema }, 'application/json': { schema: pageViewSchema } },
    },
    file: {
      status: 202,
      mediaType: 'text/plain',
      description: 'Accepted: counted, or quietly not (a bot, an opt-out)',
    },
  },
  'GET /api/event/pixel': {
    summary:
      "Count a page view of a browser without scripts (its <noscript> image; the page is its Referer, counted only on the site's host)",
    auth: 'public',
    file: { status: 200, mediaType: 'image/gif', description: 'A transparent 1×1 GIF' },
  },
  'GET /api/analytics/export.csv': {
    summary:
      'Download the range of website analytics as CSV, 10,000 rows of each list a file (`page`; X-Page-Count says how many) (SEO Management)',
    file: { status: 200, mediaType: 'text/csv', description: 'RFC 4180 CSV, formulas neutralised' },
  },
  'GET /api/clients': { summary: "List the workspace's clients with search, filters and pages (Projects)" },
  'GET /api/clients/export.csv': {
    summary: 'Download the filtered clients as CSV (Projects)',
    file: { status: 200, mediaType: 'text/csv', description: 'RFC 4180 CSV, formulas neutralised' },
  },
  'GET /api/clients/:id': { summary: 'One client with its contacts' },
  'GET /api/clients/:id/timeline': { summary: "A client's timeline, newest first" },
  'GET /api/clients/:id/portal-access': {
    summary: "The client's contacts with their client portal access, last sign-in and sessions (Projects)",
  },
  'POST /api/clients/:id/portal-access': {
    summary: 'Give a contact access to the client portal and e-mail them an invitation (Projects)',
  },
  'DELETE /api/clients/:id/portal-access/:accessId': {
    summary: "Remove a contact's client portal access at once, with its sessions (Projects)",
  },
  'POST /api/clients/:id/portal-access/:accessId/end-sessions': {
    summary: "End a contact's client portal sessions (Projects)",
  },
  'POST /api/portal/sign-in': {
    summary: 'Client portal: e-mail a sign-in link; the same answer for every address',
    auth: 'public',
  },
  'POST /api/portal/session': {
    summary: 'Client portal: redeem a sign-in link once and start a portal session (cookie)',
    auth: 'public',
  },
  'GET /api/portal/me': { summary: 'Client portal: the signed-in contact, client and brand (portal cookie)' },
  'POST /api/portal/sign-out': { summary: 'Client portal: end the session and clear its cookie' },
  'GET /api/portal/notification-settings': {
    summary: 'Client portal: which e-mail notifications the signed-in contact gets',
  },
  'PUT /api/portal/notification-settings': {
    summary: 'Client portal: turn each kind of e-mail notification on or off',
  },
  'GET /api/portal/unsubscribe': {
    summary: "Client portal: what an e-mail's unsubscribe link would turn off; changes nothing",
    auth: 'public',
  },
  'POST /api/portal/unsubscribe': {
    summary: 'Client portal: turn off the one kind of e-mail an unsubscribe link names (page or one-click)',
    auth: 'public',
    body: {
      content: {
        'application/json': { schema: portalUnsubscribeSchema },
        'application/x-www-form-urlencoded': {
          schema: z.object({ 'List-Unsubscribe': z.literal('One-Click') }),
        },
      },
    },
  },
  'GET /api/portal/estimates': { summary: "Client portal: the client's sent estimates" },
  'GET /api/portal/estimates/:id': {
    summary: 'Client portal: one estimate with its lines, terms and answer',
  },
  'GET /api/portal/estimates/:id/pdf': {
    summary: 'Client portal: the estimate as a PDF/A-3 file',
    file: { status: 200, mediaType: 'application/pdf', description: 'PDF/A-3b, fonts embedded' },
  },
  'POST /api/portal/estimates/:id/accept': {
    summary: 'Client portal: accept an estimate with the name typed (locks it)',
  },
  'POST /api/portal/estimates/:id/decline': { summary: 'Client portal: decline an estimate with a reason' },
  'GET /api/portal/invoices': { summary: "Client portal: the client's invoices, those to pay first" },
  'GET /api/portal/invoices/:id': {
    summary: 'Client portal: one invoice with its balance and how to pay (bank details, UPI QR)',
  },
  'GET /api/portal/invoices/:id/pdf': {
    summary: 'Client portal: the invoice as a PDF/A-3 file',
    file: { status: 200, mediaType: 'application/pdf', description: 'PDF/A-3b, fonts embedded' },
  },
  'POST /api/portal/invoices/:id/payment-notice': {
    summary: 'Client portal: tell the agency an invoice was paid',
  },
  'GET /api/portal/statement': { summary: "Client portal: the client's statement" },
  'GET /api/portal/projects': { summary: "Client portal: the client's projects, with what each shares" },
  'GET /api/portal/projects/:id': { summary: 'Client portal: one project, the parts it shares' },
  'GET /api/portal/tasks/:id': {
    summary: 'Client portal: one task of a project sharing its tasks, its client-visible comments and files',
  },
  'POST /api/portal/tasks/:id/comments': {
    summary: 'Client portal: comment on a task (visible to the team)',
  },
  'POST /api/portal/tasks/:id/attachments': { summary: 'Client portal: upload a file to a task' },
  'GET /api/portal/attachments/:id': {
    summary: 'Client portal: download a client-visible file',
    file: {
      status: 200,
      mediaType: 'application/octet-stream',
      description: 'The file as it was attached, its type read from its content',
    },
  },
  'POST /api/portal/tasks/:id/approve': { summary: 'Client portal: approve a task in review (it is done)' },
  'POST /api/portal/tasks/:id/request-changes': {
    summary: 'Client portal: send a task in review back with a note of what should change',
  },
  'POST /api/clients': { summary: 'Add a client with its contacts' },
  'PUT /api/clients/:id': { summary: 'Edit a client; its contacts become those sent' },
  'DELETE /api/clients/:id': {
    summary: 'Delete a client with its contacts and timeline (none with projects)',
  },
  'GET /api/finance/settings': { summary: 'The tax profile and invoice series (Finance)' },
  'PUT /api/finance/settings': { summary: 'Save the tax profile and invoice series' },
  'GET /api/invoices': { summary: 'List invoices or credit notes with filters and pages (Finance)' },
  'POST /api/invoices': { summary: 'Create a draft invoice' },
  'GET /api/invoices/:id': {
    summary: 'One invoice or credit note with its lines, totals, payments and credits',
  },
  'PUT /api/invoices/:id': { summary: 'Edit a draft invoice' },
  'DELETE /api/invoices/:id': { summary: 'Delete a draft invoice' },
  'POST /api/invoices/:id/finalise': {
    summary: 'Finalise a draft: its number from the series, read-only from then',
  },
  'GET /api/invoices/:id/pdf': {
    summary: 'The invoice or credit note as a PDF/A-3 file (Factur-X inside for EU clients)',
    file: { status: 200, mediaType: 'application/pdf', description: 'PDF/A-3b, fonts embedded' },
  },
  'GET /api/invoices/:id/e-invoice': {
    summary: 'The final invoice as the Indian e-invoice JSON (IRP schema), to register it',
    file: { status: 200, mediaType: 'application/json', description: 'IRP schema INV-01 version 1.1' },
  },
  'PUT /api/invoices/:id/reminders': { summary: "Stop or resume an invoice's payment reminders" },
  'POST /api/invoices/:id/send': { summary: 'E-mail a final invoice with its PDF to the client' },
  'POST /api/invoices/:id/credit-notes': { summary: 'Issue a credit note against a final invoice' },
  'POST /api/projects/:id/retainer-invoice': { summary: "Draft a retainer's invoice for a month" },
  'POST /api/projects/:id/invoice': { summary: "Draft an invoice of a project's approved, unbilled hours" },
  'GET /api/email-templates': { summary: "List the workspace's e-mail templates (Email Template)" },
  'POST /api/email-templates': { summary: 'Create an e-mail template in MJML' },
  'POST /api/email-templates/preview': { summary: 'Render an unsaved template for a sample person' },
  'GET /api/email-templates/:id': { summary: 'One e-mail template with its MJML source' },
  'PUT /api/email-templates/:id': { summary: 'Edit an e-mail template' },
  'DELETE /api/email-templates/:id': { summary: 'Delete an e-mail template' },
  'POST /api/email-templates/:id/test-send': { summary: 'Send a template as a test to your own address' },
  'GET /api/expenses': {
    summary: "List the workspace's expenses with filters and totals (Expense Management)",
  },
  'POST /api/expenses': { summary: 'Submit an expense' },
  'GET /api/expenses/:id': { summary: 'One expense' },
  'PUT /api/expenses/:id': { summary: 'Edit an expense waiting for approval' },
  'DELETE /api/expenses/:id': { summary: 'Delete an expense (not one on an invoice)' },
  'POST /api/expenses/:id/decision': { summary: 'Approve or reject an expense (a workspace admin)' },
  'PUT /api/expenses/:id/receipt': { summary: "Attach an expense's receipt (an image or a PDF)" },
  'GET /api/expenses/:id/receipt': {
    summary: "Download an expense's receipt",
    file: {
      status: 200,
      mediaType: 'application/octet-stream',
      description: 'The receipt as uploaded (an image or a PDF)',
    },
  },
  'GET /api/estimates': { summary: 'List estimates with filters and pages (Invoice Generation)' },
  'POST /api/estimates': { summary: 'Create an estimate, numbered EST-0001 onward' },
  'GET /api/estimates/:id': { summary: 'One estimate with its lines, totals and answer' },
  'PUT /api/estimates/:id': { summary: 'Edit an estimate the client has not answered' },
  'DELETE /api/estimates/:id': { summary: 'Delete an estimate the client has not answered' },
  'GET /api/estimates/:id/pdf': {
    summary: 'The estimate as a PDF/A-3 file',
    file: { status: 200, mediaType: 'application/pdf', description: 'PDF/A-3b, fonts embedded' },
  },
  'POST /api/estimates/:id/send': { summary: 'E-mail an estimate with its PDF and a link to the client' },
  'POST /api/estimates/:id/accept': { summary: 'Record that the client accepted an estimate (locks it)' },
  'POST /api/estimates/:id/decline': { summary: 'Record that the client declined an estimate' },
  'POST /api/estimates/:id/project': {
    summary: 'Make an accepted estimate a project, with an optional deposit invoice',
  },
  'POST /api/invoices/:id/payment-notices/:noticeId/dismiss': {
    summary: "Dismiss a client's payment notice without recording a payment",
  },
  'GET /api/payments': { summary: 'List payments, refunds and credits (Finance)' },
  'POST /api/payments': { summary: 'Record a payment and allocate it to invoices' },
  'GET /api/payments/:id': { summary: 'One payment with its allocations' },
  'POST /api/payments/:id/allocations': { summary: "Allocate a payment's unallocated money to invoices" },
  'POST /api/payments/:id/refunds': { summary: 'Refund from what a payment has not settled' },
  'DELETE /api/payments/:id': { summary: 'Delete a mistaken payment or refund' },
  'GET /api/finance/summary': {
    summary: 'Billing & Payments figures: outstanding, overdue ageing, received, 12 months',
  },
  'GET /api/finance/gst-summary': {
    summary: "The month's tax by rate over final invoices less credit notes",
  },
  'GET /api/clients/:id/statement': {
    summary: "A client's statement: documents and payments with a running balance",
  },
  'GET /api/invoices/export.csv': {
    summary: 'Download final invoices and credit notes as CSV, in issue order (Finance)',
    file: { status: 200, mediaType: 'text/csv', description: 'RFC 4180 CSV, formulas neutralised' },
  },
  'GET /api/payments/export.csv': {
    summary: 'Download payments, refunds and credits as CSV, in date order (Finance)',
    file: { status: 200, mediaType: 'text/csv', description: 'RFC 4180 CSV, formulas neutralised' },
  },
  'GET /api/projects': { summary: "List the workspace's projects with filters, sorts and pages (Projects)" },
  'GET /api/projects/members': { summary: 'Who may manage a project or be on its team' },
  'GET /api/projects/summary': { summary: 'Live project figures for the Overview and the Projects section' },
  'GET /api/projects/:id': { summary: 'One project with its team and time used against its budgets' },
  'GET /api/projects/:id/timeline': { summary: "A project's timeline, newest first" },
  'POST /api/projects': { summary: 'Create a project for a client' },
  'PUT /api/projects/:id': { summary: 'Edit a project; its team becomes the one sent' },
  'POST /api/projects/:id/deliver': { summary: 'Mark a project Delivered with its date and note' },
  'DELETE /api/projects/:id': { summary: "Delete a project (its manager or the workspace's admins)" },
  'GET /api/projects/:id/tasks': { summary: "A project's tasks, by board column and position" },
  'POST /api/projects/:id/tasks': { summary: 'Add a task to a project' },
  'GET /api/tasks/mine': { summary: 'My tasks: open tasks assigned to the caller' },
  'GET /api/tasks/:id': { summary: 'One task' },
  'PUT /api/tasks/:id': { summary: 'Edit a task' },
  'POST /api/tasks/:id/move': { summary: 'Move a task on the board' },
  'DELETE /api/tasks/:id': { summary: 'Delete a task with its sub-tasks and comments' },
  'GET /api/tasks/:id/comments': { summary: "A task's comments, oldest first" },
  'GET /api/tasks/:id/timeline': { summary: "A task's timeline: what the client did on it in the portal" },
  'POST /api/tasks/:id/comments': { summary: 'Comment on a task' },
  'PUT /api/tasks/:id/comments/:commentId': { summary: 'Edit your comment' },
  'DELETE /api/tasks/:id/comments/:commentId': { summary: 'Delete your comment' },
  'GET /api/tasks/:id/attachments': { summary: "A task's files" },
  'POST /api/tasks/:id/attachments': { summary: 'Attach a file to a task' },
  'GET /api/tasks/:id/attachments/:attachmentId': {
    summary: 'Download a file of a task',
    file: {
      status: 200,
      mediaType: 'application/octet-stream',
      description: 'The file as it was attached, its type read from its content',
    },
  },
  'DELETE /api/tasks/:id/attachments/:attachmentId': { summary: 'Delete a file of a task' },
  'PUT /api/tasks/:id/attachments/:attachmentId/visibility': {
    summary: 'Show a file of a task to the client, or keep it internal',
  },
  'GET /api/calendar-feed': { summary: 'Your calendar feed: on or off' },
  'POST /api/calendar-feed': { summary: 'Make a new secret calendar feed URL of your task due dates' },
  'DELETE /api/calendar-feed': { summary: 'Turn your calendar feed off' },
  'GET /api/time-entries': { summary: 'Time entries in a range of days' },
  'GET /api/time-entries/export.csv': {
    summary: 'Download the time entries of a range as CSV',
    file: { status: 200, mediaType: 'text/csv', description: 'RFC 4180 CSV, formulas neutralised' },
  },
  'GET /api/time-entries/:id': { summary: 'One time entry' },
  'POST /api/time-entries': { summary: 'Log your time on a project' },
  'PUT /api/time-entries/:id': { summary: 'Edit your open time entry' },
  'DELETE /api/time-entries/:id': { summary: 'Delete your open time entry' },
  'GET /api/timer': { summary: 'Your running timer' },
  'POST /api/timer/start': { summary: 'Start your timer' },
  'POST /api/timer/stop': { summary: 'Stop your timer and log its time' },
  'POST /api/time-entries/submit': { summary: 'Submit your week for approval' },
  'GET /api/time-approvals': { summary: 'Submitted weeks waiting for your approval' },
  'POST /api/time-approvals': { summary: "Approve or return a person's submitted week on a project" },
  'GET /api/time-reports': { summary: 'Hours by project, client, member or week' },
  'GET /api/leads/:id/convert': {
    summary: 'What converting a lead would do: the clients it may be, a draft of a new one',
  },
  'POST /api/leads/:id/convert': {
    summary: 'Convert a lead into a client, new or one the workspace has, optionally with its first project',
  },
  'GET /api/security/audit/export': {
    summary: 'Download the filtered audit log as CSV (Admin, Business Admin)',
    file: { status: 200, mediaType: 'text/csv', description: 'RFC 4180 CSV, formulas neutralised' },
  },
};
