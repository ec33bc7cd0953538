import fs from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

/** One request the receiver got: its headers and its body exactly as it arrived. */
export interface Received {
  url: string;
  headers: IncomingHttpHeaders;
  rawBody: string;
  json: { id: string; event: string; createdAt: string; data: Record<string, unknown> };
}

/** How the receiver answers the next request: a status, after a delay, with a body and headers. */
export interface Reply {
  status?: number;
  delayMs?: number;
  body?: string;
  headers?: Record<string, string>;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** Queues answers for the next requests; afterwards each answers 200 "ok". */
  reply(...replies: Reply[]): void;
  /** Drops the answers still queued: from now on each answers 200 "ok". */
  clearReplies(): void;
  /** Waits until `count` requests have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

/** A real HTTP receiver on a loopback port, the kind a customer runs (hence ALLOW_PRIVATE_WEBHOOKS in tests). */
export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const replies: Reply[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      received.push({ url: request.url ?? '', headers: request.headers, rawBody, json: JSON.parse(rawBody) });
      const reply = replies.shift() ?? {};
      const answer = () => {
        if (response.destroyed) return;
        response.writeHead(reply.status ?? 200, { 'content-type': 'text/plain', ...reply.headers });
        response.end(reply.body ?? 'ok');
      };
      if (reply.delayMs) setTimeout(answer, reply.delayMs).unref();
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    reply: (...more) => replies.push(...more),
    clearReplies: () => replies.splice(0),
    async waitFor(count, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline)
          throw new Error(`the receiver got ${received.length} of ${count} requests`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return received;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type Verify = (rawBody: string, header: string, secret: string, toleranceSeconds?: number) => boolean;

/**
 * The signature check exactly as the README's "Webhooks" section prints it: its code block is written to a
 * module and imported, so the recipe the docs show is the one the suites prove.
 */
export async function readmeVerifier(): Promise<Verify> {
  const readme = fs.readFileSync(path.resolve(import.meta.dirname, '../../../README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('### Webhooks'));
  const code = /```js\n([\s\S]*?)```/.exec(section)?.[1];
  if (!code) throw new Error("README.md has no js block under '### Webhooks'");
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'agencyhq-readme-')), 'verify.mjs');
  fs.writeFileSync(file, code);
  const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  const verify = Object.values(module).find((value) => typeof value === 'function');
  if (!verify) throw new Error("the README's webhook recipe exports no function");
  return verify as Verify;
}
