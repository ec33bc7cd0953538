import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_IMPORT_LIMITS } from '../../src/shared/leads';
import { LEAD_MESSAGES, SERVER_MESSAGES } from '../../src/shared/messages';
import { createLeadsTestApp, emptyWorkspaceOwner, testClock } from './support/leads';
import type { TestApp } from './support/test-app';
import type { TestUser } from './support/users';

const ROUTES = ['/api/leads/import', '/api/leads/import/preview'] as const;
type Route = (typeof ROUTES)[number];

/** A browser's multipart form: the optional mapping, then the file. */
async function form(content: string, mapping?: Record<string, string | null>) {
  const data = new FormData();
  if (mapping) data.append('mapping', JSON.stringify(mapping));
  data.append('file', new Blob([content], { type: 'text/csv' }), 'leads.csv');
  const request = new Response(data);
  return {
    contentType: request.headers.get('content-type')!,
    body: Buffer.from(await request.arrayBuffer()),
  };
}

/**
 * Attacks on the lead import and its preview (docs/security.md#floods): files made to cost the server
 * minutes and gigabytes. Each is refused with a 4xx that names the limit, and nothing is written.
 */
describe('lead files are bounded work', () => {
  const clock = testClock('2024-06-15T09:30:00.000Z');
  let t: TestApp;
  let owner: TestUser;

  const send = async (
    route: Route,
    content: string,
    mapping?: Record<string, string | null>,
  ): Promise<LightMyRequestResponse> => {
    const { contentType, body } = await form(content, mapping);
    return t.app.inject({
      method: 'POST',
      url: route,
      headers: { ...owner.headers, 'content-type': contentType },
      payload: body,
    });
  };
  const leadCount = async () =>
    Number(
      (
        await t.database.handle.db
          .selectFrom('leads')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('workspace_id', '=', owner.workspaceId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  /**
   * A lead form POSTed over a real socket: its headers and first KB at once, then a byte every `everyMs`
   * (or nothing more); `end()` stops it and closes the connection.
   */
  async function slowUpload(route: Route, everyMs: number | null) {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const { contentType, body } = await form(
      `Name,Email\r\n${'Slow Row,slow@upload.test\r\n'.repeat(20_000)}`,
    );
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: route,
      headers: { ...owner.headers, 'content-type': contentType, 'content-length': body.length },
    });
    request.on('error', () => {});
    let sent = 1024;
    request.write(body.subarray(0, sent));
    const trickle = everyMs ? setInterval(() => request.write(body.subarray(sent, ++sent)), everyMs) : null;
    const answered = new Promise<{ status: number; body: string }>((resolve) =>
      request.on('response', (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, body: text }));
      }),
    );
    return {
      answered,
      end() {
        if (trickle) clearInterval(trickle);
        request.destroy();
      },
    };
  }

  beforeAll(async () => {
    t = await createLeadsTestApp(clock);
    owner = await emptyWorkspaceOwner(t, 'Bounded Files');
  });
  afterAll(async () => t.close());

  describe.each(ROUTES)('%s', (route) => {
    it('refuses a header of 300,000 columns, mapped at its end, naming the column limit', async () => {
      // Before: 21 s of one event loop turn after another while /pricing waited 10 s.
      const names = Array.from({ length: 300_000 }, (_, i) => `Extra ${i}`);
      const header = ['Name', 'Email', ...names].join(',');
      const mapping = Object.fromEntries(names.slice(-500).map((name) => [name, null]));
      const response = await send(route, `${header}\r\nAna,ana@wide.test\r\n`, mapping);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: LEAD_MESSAGES.tooManyColumns(LEAD_IMPORT_LIMITS.columns),
      });
      expect(await leadCount()).toBe(0);
    });

    it('refuses a data row wider than the column limit', async () => {
      const wide = ['Ana', 'ana@wide.test', ...Array.from({ length: LEAD_IMPORT_LIMITS.columns }, () => 'x')];
      const response = await send(route, `Name,Email\r\n${wide.join(',')}\r\n`);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(LEAD_MESSAGES.tooManyColumns(LEAD_IMPORT_LIMITS.columns));
    });

    it('refuses a cell of stray quotes that never ends its row, naming the row limit', async () => {
      // `"a"a"a…`: no quote closes the cell, so the parser carried the growing row into every next slice
      // and parsed it again there. Before: 20 MB of it got no answer in 90 s and grew the server to 1.6 GB.
      const strays = `"${'a"'.repeat(1_000_000)}`;
      const response = await send(
        route,
        `Name,Email\r\nAna,${strays},ana@quotes.test\r\nBo,bo@quotes.test\r\n`,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: LEAD_MESSAGES.rowTooLong(LEAD_IMPORT_LIMITS.rowChars) });
      expect(await leadCount()).toBe(0);
    });

    it('refuses a cell longer than the cell limit', async () => {
      const long = 'n'.repeat(LEAD_IMPORT_LIMITS.cellChars + 1);
      const response = await send(route, `Name,Email,Notes\r\nAna,ana@long.test,${long}\r\n`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: LEAD_MESSAGES.cellTooLong(LEAD_IMPORT_LIMITS.cellChars) });
    });
  });

  it('takes a file at the limits: 1,000 columns, a 500-name mapping, a cell of the longest length', async () => {
    const names = Array.from({ length: LEAD_IMPORT_LIMITS.columns - 3 }, (_, i) => `Extra ${i}`);
    const header = ['Name', 'Email', 'Notes', ...names].join(',');
    const mapping = Object.fromEntries(names.slice(-500).map((name) => [name, null]));
    const row = [
      'Max Width',
      'max@width.test',
      'n'.repeat(LEAD_IMPORT_LIMITS.cellChars),
      ...names.map(() => ''),
    ];
    const preview = await send('/api/leads/import/preview', `${header}\r\n${row.join(',')}\r\n`, mapping);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().counts).toMatchObject({ rows: 1, toImport: 1 });
    const imported = await send('/api/leads/import', `${header}\r\n${row.join(',')}\r\n`, mapping);
    expect(imported.json()).toMatchObject({ imported: 1 });
    await t.database.handle.db.deleteFrom('leads').where('workspace_id', '=', owner.workspaceId).execute();
  });

  it("keeps the preview's answer within its budget: wide sample rows and a thousand refused rows of empty cells", async () => {
    const columns = LEAD_IMPORT_LIMITS.columns;
    const header = ['Name', 'Email', ...Array.from({ length: columns - 2 }, (_, i) => `Extra ${i}`)].join(
      ',',
    );
    // Ten sample rows as wide as a row may be, then a thousand rows refused (no name) of empty cells but one.
    const cell = 'w'.repeat(Math.floor(LEAD_IMPORT_LIMITS.rowChars / columns) - 1);
    const wide = Array.from({ length: 10 }, (_, i) =>
      [`Wide ${i}`, `wide${i}@budget.test`, ...Array.from({ length: columns - 2 }, () => cell)].join(','),
    );
    const empty = Array.from(
      { length: 1000 },
      (_, i) => `,nameless${i}@budget.test${','.repeat(columns - 2)}`,
    );
    const response = await send('/api/leads/import/preview', [header, ...wide, ...empty].join('\r\n'));
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    const answer = response.json();
    expect(answer.counts).toMatchObject({ rows: 1010, toImport: 10, refused: 1000 });
    expect(answer.refused).toHaveLength(1000);
    // Before: 2.5 MB of sample cells and 3 MB of refused empty cells (they counted nothing).
    expect(response.body.length).toBeLessThan(1.5 * 1024 * 1024);
    // Every sample row is still there with its first cells; refused rows past the budget show no cells.
    expect(answer.rows[0].cells.slice(0, 2)).toEqual(['Wide 0', 'wide0@budget.test']);
    expect(answer.refused.at(-1).cells).toEqual([]);
  });

  it('answers a second upload of the workspace with 429 before reading it, while the first is still arriving', async () => {
    for (const route of ROUTES) {
      const first = await slowUpload(route, null);
      const second = await slowUpload(route, null);
      try {
        // Whichever reached the server second is answered at once; the other keeps its slot, unanswered.
        // Before: each waited for its whole body (never sent here), so neither was ever answered.
        const refused = await Promise.race([first.answered, second.answered]);
        expect(refused.status).toBe(429);
        expect(JSON.parse(refused.body).message).toBe(
          route === '/api/leads/import' ? LEAD_MESSAGES.importRunning : LEAD_MESSAGES.previewRunning,
        );
      } finally {
        first.end();
        second.end();
      }
    }
  });

  it('answers an upload that stalls or trickles 408 and gives its slot back (attack)', async () => {
    // The uploads the test before left unfinished have given their slots back once their connections closed.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await send('/api/leads/import/preview', 'Name,Email\r\nAda,ada@quick.test\r\n')).statusCode).toBe(
      200,
    );
    // The import stalls; the preview sends a byte every 2 s, never a pause long enough to count as one.
    const stalled = await slowUpload('/api/leads/import', null);
    const trickling = await slowUpload('/api/leads/import/preview', 2000);
    try {
      // Before: neither was ever answered, and each held its workspace's slot and one of the process's.
      const answers = await Promise.all([stalled.answered, trickling.answered]);
      for (const answer of answers) {
        expect(answer.status).toBe(408);
        expect(JSON.parse(answer.body).message).toBe(SERVER_MESSAGES.uploadTooSlow);
      }
    } finally {
      stalled.end();
      trickling.end();
    }
    // Their slots are free: the workspace's next import and preview go through.
    expect((await send('/api/leads/import/preview', 'Name,Email\r\nAda,ada@quick.test\r\n')).statusCode).toBe(
      200,
    );
    const imported = await send('/api/leads/import', 'Name,Email\r\nAda,ada@quick.test\r\n');
    expect(imported.statusCode, imported.body).toBe(200);
  }, 30_000);
});
