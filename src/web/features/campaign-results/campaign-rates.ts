import type { DeliveryFigures } from '../../../shared/schemas/campaign-results';

/** A share as the section shows it: one decimal and a % sign, or a dash when there is nothing to divide by. */
export function percent(part: number, whole: number): string {
  if (whole <= 0) return '—';
  return `${(Math.round((part / whole) * 1000) / 10).toLocaleString('en-US')}%`;
}

/**
 * A campaign's key rates (docs/product/marketing.md#results): opens, clicks, unsubscribes and complaints
 * of the delivered mail; bounces of the sent.
 */
export function keyRates(figures: DeliveryFigures) {
  return {
    delivered: percent(figures.delivered, figures.sent),
    opens: percent(figures.opens, figures.delivered),
    clicks: percent(figures.clickers, figures.delivered),
    bounces: percent(figures.bouncedHard + figures.bouncedSoft, figures.sent),
    unsubscribes: percent(figures.unsubscribed, figures.delivered),
    complaints: percent(figures.complaints, figures.delivered),
  };
}

export const count = (n: number) => n.toLocaleString('en-US');
