import type { DeliveryFigures } from '../../../shared/schemas/campaign-results';

/**
 * A campaign's figures from its counters (migration 045; docs/product/marketing.md#results). A recipient
 * marked bounced was sent first, so sent counts them; delivered is sent less the recipients a hard or a
 * soft bounce came back for (never below 0).
 */
export function deliveryFigures(metrics: ReadonlyMap<string, number> | undefined): DeliveryFigures {
  const get = (metric: string) => Math.max(0, metrics?.get(metric) ?? 0);
  const status = (name: string) => get(`r:${name}`);
  const event = (kind: string) => get(`e:${kind}:-1`);
  const sent = status('sent') + status('bounced');
  const bouncedHard = event('bounce-hard');
  const bouncedSoft = event('bounce-soft');
  const recipients = ['pending', 'queued', 'sent', 'failed', 'bounced', 'cancelled'].reduce(
    (sum, name) => sum + status(name),
    0,
  );
  return {
    recipients,
    pending: status('pending'),
    queued: status('queued'),
    sent,
    failed: status('failed'),
    cancelled: status('cancelled'),
    delivered: Math.max(0, sent - bouncedHard - bouncedSoft),
    bouncedHard,
    bouncedSoft,
    unsubscribed: event('unsubscribe'),
    complaints: event('complaint'),
    opens: event('open'),
    opensReliable: false,
    clickers: get('clickers'),
  };
}

/** Recipients who clicked a link, by its position. */
export const linkClickers = (metrics: ReadonlyMap<string, number> | undefined, position: number) =>
  Math.max(0, metrics?.get(`e:click:${position}`) ?? 0);
