import { describe, expect, it } from 'vitest';
import { keyRates, percent } from './campaign-rates';
import type { DeliveryFigures } from '../../../shared/schemas/campaign-results';

describe('campaign rates', () => {
  it('rounds to one decimal and shows a dash for nothing to divide by', () => {
    expect(percent(1, 3)).toBe('33.3%');
    expect(percent(0, 0)).toBe('—');
  });

  it('takes opens, clicks and unsubscribes of the delivered, bounces of the sent', () => {
    const figures: DeliveryFigures = {
      recipients: 120,
      pending: 0,
      queued: 0,
      sent: 100,
      failed: 0,
      cancelled: 20,
      delivered: 80,
      bouncedHard: 15,
      bouncedSoft: 5,
      unsubscribed: 2,
      complaints: 1,
      opens: 40,
      opensReliable: false,
      clickers: 8,
    };
    expect(keyRates(figures)).toEqual({
      delivered: '80%',
      opens: '50%',
      clicks: '10%',
      bounces: '20%',
      unsubscribes: '2.5%',
      complaints: '1.3%',
    });
  });
});
