import { describe, expect, it } from 'vitest';
import { addressKey, addressRange } from '../../limits/address-key';
import { createBatcher, createWindowCounter } from './collector';
import { createSaltCache, visitorHash } from './visitor-hash';

/** docs/decisions/0018-first-party-analytics.md: the way in is bounded whatever arrives. */
describe('the per-address count', () => {
  it('allows the limit per window, then refuses until the window turns', () => {
    let now = 0;
    const counter = createWindowCounter(3, 60_000, 100, () => now);
    expect([1, 2, 3, 4].map(() => counter.take('a'))).toEqual([true, true, true, false]);
    expect(counter.take('b')).toBe(true);
    now = 60_000;
    expect(counter.take('a')).toBe(true);
  });

  it('holds at most maxKeys addresses: a spray of new ones is refused, known ones still counted', () => {
    const counter = createWindowCounter(5, 60_000, 1000, () => 0);
    let accepted = 0;
    for (let i = 0; i < 100_000; i += 1) if (counter.take(`10.0.${i >> 8}.${i & 255}`)) accepted += 1;
    expect(accepted).toBe(1000);
    expect(counter.size).toBe(1000);
    expect(counter.take('10.0.0.1')).toBe(true);
  });
});

describe('the per-address count, range by range (attack)', () => {
  it('a /48 sprayed with 20,000 /64s takes its share, and a visitor of another range still counts', () => {
    const counter = createWindowCounter(5, 60_000, 1000, () => 0, 64);
    let accepted = 0;
    for (let i = 0; i < 20_000; i += 1) {
      const address = `2001:db8:1:${i.toString(16)}::1`;
      if (counter.take(addressKey(address), addressRange(address))) accepted += 1;
    }
    // Before: the spray filled all 1,000 places and every new visitor was refused for the minute.
    expect(counter.size).toBeLessThanOrEqual(65);
    expect(accepted).toBeLessThanOrEqual(65 * 5);
    const visitor = '2a00:1450:4001:81c::200e';
    expect(counter.take(addressKey(visitor), addressRange(visitor))).toBe(true);
    expect(counter.take(addressKey('198.51.100.7'), addressRange('198.51.100.7'))).toBe(true);
  });

  it('an IPv4 /24 takes its share too, and an address already counted keeps its own count', () => {
    const counter = createWindowCounter(3, 60_000, 1000, () => 0, 4);
    const take = (address: string) => counter.take(addressKey(address), addressRange(address));
    for (let i = 1; i <= 4; i += 1) expect(take(`203.0.113.${i}`)).toBe(true);
    // The fifth address of the /24 and later ones share one count of the range: 3, then refused.
    expect([5, 6, 7, 8].map((i) => take(`203.0.113.${i}`))).toEqual([true, true, true, false]);
    expect(take('203.0.113.1')).toBe(true);
    expect(counter.size).toBe(5);
  });
});

describe('the batcher', () => {
  it('writes in batches of batchSize and holds at most maxPending, also while a write is slow', async () => {
    const written: number[][] = [];
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    let drops = 0;
    const batcher = createBatcher<number>({
      write: async (batch) => {
        await slow;
        written.push(batch);
      },
      onError: () => undefined,
      onDrop: () => (drops += 1),
      batchSize: 10,
      maxPending: 25,
      everyMs: 60_000,
    });
    for (let i = 0; i < 20; i += 1) batcher.add(i);
    const flushed = batcher.flush(); // in the writer's hands now, still counted
    for (let i = 20; i < 40; i += 1) batcher.add(i);
    expect(batcher.pending).toBe(25);
    expect(drops).toBe(15);
    release();
    await flushed;
    await batcher.stop();
    expect(written.map((batch) => batch.length)).toEqual([10, 10, 5]);
    expect(written.flat()).toEqual([...Array(25).keys()]);
    expect(batcher.pending).toBe(0);
  });

  it('reports a failed batch and goes on', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const batcher = createBatcher<number>({
      write: async () => {
        calls += 1;
        if (calls === 1) throw new Error('database away');
      },
      onError: (error) => errors.push(error),
      onDrop: () => undefined,
      batchSize: 2,
      maxPending: 10,
      everyMs: 60_000,
    });
    for (let i = 0; i < 4; i += 1) batcher.add(i);
    await batcher.stop();
    expect(calls).toBe(2);
    expect(errors).toHaveLength(1);
    expect(batcher.pending).toBe(0);
  });
});

describe('the visitor hash', () => {
  const UA = 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0';
  it('is one visitor per address (an IPv6 /64) and browser, per salt, and shows neither', () => {
    const a = visitorHash('salt-1', 'agency.example', '2001:db8:1:2::1', UA);
    expect(visitorHash('salt-1', 'agency.example', '2001:db8:1:2:ffff::9', UA)).toBe(a);
    expect(visitorHash('salt-1', 'agency.example', '2001:db8:1:3::1', UA)).not.toBe(a);
    expect(visitorHash('salt-1', 'agency.example', '2001:db8:1:2::1', `${UA} x`)).not.toBe(a);
    expect(visitorHash('salt-2', 'agency.example', '2001:db8:1:2::1', UA)).not.toBe(a);
    expect(visitorHash('salt-1', 'other.example', '2001:db8:1:2::1', UA)).not.toBe(a);
    expect(visitorHash('salt-1', 'agency.example', '::ffff:203.0.113.7', UA)).toBe(
      visitorHash('salt-1', 'agency.example', '203.0.113.7', UA),
    );
    expect(a).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('asks for a day’s salt once, and again for a new day', async () => {
    const asked: string[] = [];
    const cache = createSaltCache(async (day, candidate) => {
      asked.push(day);
      return `${day}:${candidate.length}`;
    });
    await Promise.all([cache.of('2026-03-02'), cache.of('2026-03-02'), cache.of('2026-03-02')]);
    expect(await cache.of('2026-03-03')).toBe('2026-03-03:43');
    expect(asked).toEqual(['2026-03-02', '2026-03-03']);
  });
});
