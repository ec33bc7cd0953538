import { describe, expect, it } from 'vitest';
import { createPageCache, type RenderedAnswer } from './page-cache';
import { createRenderBudget } from './render-budget';
import { chooseEncoding, encodeBody, etagOf, matchesIfNoneMatch } from './encoded-body';

function setup(maxBytes = 1 << 20, rendersPerSecond = 0) {
  const state = { version: 1, now: 0, renders: 0, versionFails: false };
  const cache = createPageCache({
    budget:
      rendersPerSecond > 0
        ? createRenderBudget({ perSecond: rendersPerSecond, perClientPerSecond: 0, now: () => state.now })
        : undefined,
    versions: {
      current: async () => {
        if (state.versionFails) throw new Error('database down');
        return state.version;
      },
    },
    maxBytes,
    now: () => state.now,
  });
  const render =
    (body: string, status = 200): (() => Promise<RenderedAnswer>) =>
    async () => {
      state.renders += 1;
      return { status, contentType: 'text/html', body };
    };
  return { cache, state, render };
}

describe('page cache', () => {
  it('renders once per content version and serves the copy until the version moves', async () => {
    const { cache, state, render } = setup();
    expect((await cache.get('/a', Infinity, render('one'))).rendered).toBe(true);
    const hit = await cache.get('/a', Infinity, render('two'));
    expect([hit.rendered, hit.entry.body.forms.identity.toString(), state.renders]).toEqual([
      false,
      'one',
      1,
    ]);
    state.version = 2;
    const fresh = await cache.get('/a', Infinity, render('two'));
    expect([fresh.rendered, fresh.entry.body.forms.identity.toString()]).toEqual([true, 'two']);
  });

  it('re-renders a copy older than its age bound even when nothing was written', async () => {
    const { cache, state, render } = setup();
    await cache.get('/a', 1000, render('one'));
    state.now = 999;
    expect((await cache.get('/a', 1000, render('two'))).rendered).toBe(false);
    state.now = 1000;
    expect((await cache.get('/a', 1000, render('two'))).entry.body.forms.identity.toString()).toBe('two');
  });

  it('renders once for many simultaneous requests', async () => {
    const { cache, state, render } = setup();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => cache.get('/a', Infinity, render('x'))),
    );
    expect(state.renders).toBe(1);
    expect(answers.filter((a) => a.rendered)).toHaveLength(1);
  });

  it('never keeps a server error, and keeps a 404', async () => {
    const { cache, state, render } = setup();
    await cache.get('/boom', Infinity, render('oops', 500));
    await cache.get('/boom', Infinity, render('oops', 500));
    await cache.get('/missing', Infinity, render('gone', 404));
    await cache.get('/missing', Infinity, render('gone', 404));
    expect(state.renders).toBe(3);
  });

  it('stays within its byte bound, dropping the least recently used copy', async () => {
    // Below the compression threshold: 400 bytes, the key and an entry's own cost (~640 bytes) each.
    const page = 'x'.repeat(400);
    const { cache, render } = setup(3000);
    await cache.get('/a', Infinity, render(page));
    await cache.get('/b', Infinity, render(page));
    await cache.get('/a', Infinity, render(page)); // /a is now the most recently used
    await cache.get('/c', Infinity, render(page));
    expect([...cache.entries()].map(([key]) => key).sort()).toEqual(['/a', '/c']);
    expect(cache.bytes).toBeLessThanOrEqual(3000);
    expect(cache.bytes).toBeGreaterThan(2 * 1000); // each entry counts more than its body
    await cache.get('/huge', Infinity, render('y'.repeat(2500)));
    expect([...cache.entries()].map(([key]) => key)).not.toContain('/huge');
  });

  it('serves the last copy when the version cannot be read, and fails only without one', async () => {
    const { cache, state, render } = setup();
    await cache.get('/a', Infinity, render('kept'));
    state.versionFails = true;
    expect((await cache.get('/a', Infinity, render('new'))).entry.body.forms.identity.toString()).toBe(
      'kept',
    );
    await expect(cache.get('/b', Infinity, render('new'))).rejects.toThrow('database down');
  });
});

describe('page cache under its render budget', () => {
  const status = (error: unknown) => (error as { statusCode?: number }).statusCode;

  it("refuses a page it never had with 503 and Retry-After once the second's renders are spent", async () => {
    const { cache, state, render } = setup(1 << 20, 2);
    await cache.get('/a', Infinity, render('a'));
    await cache.get('/b', Infinity, render('b'));
    const refused = await cache.get('/c', Infinity, render('c')).catch((error: unknown) => error);
    expect(status(refused)).toBe(503);
    expect((refused as { headers?: Record<string, string> }).headers?.['Retry-After']).toBe('1');
    expect((await cache.get('/a', Infinity, render('a'))).rendered).toBe(false); // cached pages go on
    state.now = 500; // half a second: one render saved up
    expect((await cache.get('/c', Infinity, render('c'))).rendered).toBe(true);
    expect(state.renders).toBe(3);
  });

  it('serves a copy as it was when the budget is spent: aged ones always, older content for 10 s only', async () => {
    const { cache, state, render } = setup(1 << 20, 1);
    await cache.get('/a', 1000, render('old'));
    state.now = 2000; // aged past its bound, and the budget holds one render again
    await cache.get('/b', Infinity, render('b')); // spends it
    const aged = await cache.get('/a', 1000, render('new'));
    expect([aged.rendered, aged.entry.body.forms.identity.toString()]).toEqual([false, 'old']);

    state.version = 2; // a publish: every copy is of an older version
    await cache.get('/c', Infinity, render('c')).catch(() => undefined); // first sight of version 2
    const standIn = await cache.get('/a', 1000, render('new'));
    expect(standIn.entry.body.forms.identity.toString()).toBe('old');
    state.now += 10_000; // ten seconds on the budget refills, so spend it again
    await cache.get('/d', Infinity, render('d'));
    const refused = await cache.get('/a', 1000, render('new')).catch((error: unknown) => error);
    expect(status(refused)).toBe(503);
  });

  it("gives one client only its share, so another client's new page still renders", () => {
    let now = 0;
    const budget = createRenderBudget({ perSecond: 40, perClientPerSecond: 3, now: () => now });
    const taken = (client: string, n: number) =>
      Array.from({ length: n }, () => budget.take(client)).filter(Boolean).length;
    expect(taken('attacker', 50)).toBe(18); // a burst of six seconds' share
    expect(taken('visitor', 2)).toBe(2);
    now = 1000;
    expect(taken('attacker', 50)).toBe(3); // then its share a second
    expect(taken('visitor', 1)).toBe(1);
    const unbounded = createRenderBudget({ perSecond: 0, perClientPerSecond: 0 });
    expect(Array.from({ length: 1000 }, () => unbounded.take('x')).every(Boolean)).toBe(true);
  });
});

describe('encoded bodies', () => {
  it('compresses once into brotli and gzip, with a strong validator per encoding', async () => {
    const body = await encodeBody('<p>hello</p>'.repeat(200));
    expect(body.forms.br!.length).toBeLessThan(body.forms.identity.length / 10);
    expect(body.forms.gzip!.length).toBeLessThan(body.forms.identity.length / 10);
    expect(chooseEncoding(body, 'gzip, deflate, br')).toBe('br');
    expect(chooseEncoding(body, 'gzip')).toBe('gzip');
    expect(chooseEncoding(body, 'br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding(body, 'deflate')).toBe('identity');
    expect(chooseEncoding(body, undefined)).toBe('identity');
    const tags = (['identity', 'br', 'gzip'] as const).map((e) => etagOf(body, e));
    expect(new Set(tags).size).toBe(3);
    for (const tag of [...tags, `W/${tags[1]}`, `"nope", ${tags[2]}`, '*'])
      expect(matchesIfNoneMatch(body, tag), tag).toBe(true);
    expect(matchesIfNoneMatch(body, '"nope"')).toBe(false);
    expect(matchesIfNoneMatch(body, undefined)).toBe(false);
  });

  it('leaves small bodies uncompressed', async () => {
    const body = await encodeBody('User-agent: *');
    expect(body.forms.br).toBeUndefined();
    expect(chooseEncoding(body, 'br, gzip')).toBe('identity');
  });
});
