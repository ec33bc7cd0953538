import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { buildIfStale } from '../../../scripts/lib/build-if-stale.mjs';
import { startSmtpSink } from '../../support/smtp-sink';
import { E2E_ADMIN, startServer } from './server';

/**
 * Builds if needed, then starts one stack per worker: a server with its own database, and a real SMTP
 * server it may send to (on loopback, hence ALLOW_PRIVATE_SMTP). Each worker runs its files one after
 * another against its own stack, so no test shares a database with a test running at the same time.
 * The addresses, and the received mail as JSON files in the mail folder, reach workers through the
 * environment: E2E_BASE_URL_<n> and the like, which playwright.config.ts hands to worker n as
 * E2E_BASE_URL. The agency's mail set-up points at the stack's SMTP server from the start: platform mail
 * (every sign-up's confirmation link, docs/product/auth.md#proven-addresses) goes through it.
 */
export default async function globalSetup(config: FullConfig) {
  await buildIfStale('Building the app for the browser tests...');
  const stacks = await Promise.all(Array.from({ length: config.workers }, () => startStack()));
  stacks.forEach((stack, index) => {
    for (const [name, value] of Object.entries(stack.env)) process.env[`${name}_${index}`] = value;
  });
  return async () => {
    await Promise.all(stacks.map((stack) => stack.stop()));
  };
}

async function startStack() {
  const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agencyhq-e2e-mail-'));
  const sink = await startSmtpSink({ dir: mailDir });
  // Webhook receivers of the browser tests listen on loopback too (docs/product/integrations.md#webhooks).
  const server = await startServer({
    ALLOW_PRIVATE_SMTP: 'true',
    SMTP_ALLOW_PLAINTEXT_LOOPBACK: 'true',
    ALLOW_PRIVATE_WEBHOOKS: 'true',
  });
  await saveAgencyMailSetup(server.baseURL, sink);
  return {
    env: {
      E2E_BASE_URL: server.baseURL,
      E2E_DATA_DIR: server.dataDir,
      E2E_MAIL_DIR: mailDir,
      E2E_SMTP: JSON.stringify({ host: sink.host, port: sink.port, user: sink.user, pass: sink.pass }),
    },
    async stop() {
      await server.stop();
      await sink.close();
      fs.rmSync(mailDir, { recursive: true, force: true });
    },
  };
}

/** The seeded Admin saves the agency's set-up: the test SMTP server, plain SMTP on loopback. */
async function saveAgencyMailSetup(
  baseURL: string,
  smtp: { host: string; port: number; user: string; pass: string },
) {
  const login = await fetch(`${baseURL}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(E2E_ADMIN),
  });
  const { token } = (await login.json()) as { token: string };
  const saved = await fetch(`${baseURL}/api/email/setup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      host: smtp.host,
      port: smtp.port,
      secure: false,
      auth: { user: smtp.user, pass: smtp.pass },
      from: 'Agency Mail <hello@agency.test>',
    }),
  });
  if (!saved.ok) throw new Error(`saving the agency's mail set-up: ${saved.status} ${await saved.text()}`);
}
