import { WEBHOOK_LIMITS } from '../webhooks';

/** Webhooks and the Manage Integrations section (docs/product/integrations.md#webhooks). */
export const WEBHOOK_MESSAGES = {
  ownerOnly: "Only the workspace's Admin or Business Admin manages its integrations.",
  notFound: 'Webhook not found',
  deliveryNotFound: 'Delivery not found',
  tooManyManualSends: (minutes: number) =>
    `Too many test events and resends in the last hour. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  limitReached: `A workspace can have at most ${WEBHOOK_LIMITS.perWorkspace} webhooks. Delete one you no longer use first.`,
  urlRequired: 'Enter the URL that should receive the events',
  urlInvalid: 'Enter a full http:// or https:// URL',
  urlTooLong: `The URL must be ${WEBHOOK_LIMITS.urlMax} characters or less`,
  urlCredentials: 'Leave the user name and password out of the URL: every delivery is signed instead',
  httpsRequired: 'Use an https:// URL: events carry your data',
  privateAddress: (host: string) =>
    `${host} is a private or local address. Webhooks are only sent to public addresses.`,
  hostNotFound: (host: string) => `The host ${host} could not be found.`,
  eventsRequired: 'Choose at least one event',
  created: 'Webhook created. Copy the signing secret now: it will not be shown again.',
  secretRolled: 'New signing secret made. Copy it now: the old one no longer signs deliveries.',
  paused: 'Webhook paused: no events are sent to it.',
  resumed: 'Webhook resumed: new events are sent to it again.',
  deleted: 'Webhook deleted',
  testQueued: 'Test event queued: it shows in the log in a moment.',
  resent: 'Queued to be sent again, with the same event id.',
  pausedForFailures: 'Paused after 3 days of failed deliveries',
  /** A held webhook's card: when its deliveries go again (in the reader's own time). */
  heldUntil: (iso: string) =>
    `Its last deliveries failed one after another: the others wait until ${new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}. Send a test event once the receiver is back.`,
  queueFull: (ceiling: number) =>
    `Not sent: this workspace already had ${ceiling.toLocaleString('en-US')} deliveries waiting.`,
  pausedTitle: 'Webhook paused',
  pausedNotice: (url: string) =>
    `Deliveries to ${url} failed for 3 days, so the webhook is paused. Fix the receiver, then resume it in Manage Integrations.`,
  timedOut: `No answer within ${WEBHOOK_LIMITS.timeoutMs / 1000} seconds`,
  redirected: 'The receiver answered with a redirect; redirects are not followed',
  logEmpty: 'No deliveries yet. Send a test event to check the receiver.',
} as const;
