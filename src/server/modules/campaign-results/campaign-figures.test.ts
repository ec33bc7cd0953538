import { describe, expect, it } from 'vitest';
import { deliveryFigures, linkClickers } from './campaign-figures';

describe('deliveryFigures', () => {
  it('counts sent with the bounced, delivered as sent less bounces, and never below 0', () => {
    const metrics = new Map([
      ['r:pending', 2],
      ['r:queued', 3],
      ['r:sent', 90],
      ['r:bounced', 5],
      ['r:failed', 1],
      ['e:bounce-hard:-1', 4],
      ['e:bounce-soft:-1', 1],
      ['e:open:-1', 40],
      ['e:unsubscribe:-1', 2],
      ['e:complaint:-1', 1],
      ['e:click:0', 7],
      ['clickers', 9],
    ]);
    expect(deliveryFigures(metrics)).toEqual({
      recipients: 101,
      pending: 2,
      queued: 3,
      sent: 95,
      failed: 1,
      cancelled: 0,
      delivered: 90,
      bouncedHard: 4,
      bouncedSoft: 1,
      unsubscribed: 2,
      complaints: 1,
      opens: 40,
      opensReliable: false,
      clickers: 9,
    });
    expect(linkClickers(metrics, 0)).toBe(7);
    expect(linkClickers(metrics, 1)).toBe(0);
    expect(deliveryFigures(new Map([['e:bounce-hard:-1', 3]])).delivered).toBe(0);
    expect(deliveryFigures(undefined).recipients).toBe(0);
  });
});
