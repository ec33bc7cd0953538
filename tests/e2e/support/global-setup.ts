import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIfStale } from '../../../scripts/lib/build-if-stale.mjs';
import { startSmtpSink } from '../../support/smtp-sink';
import { startServer } from './server';

/**
 * Builds if needed, starts one server for the whole run and a real SMTP server it may send to (on
 * loopback, hence ALLOW_PRIVATE_SMTP); workers read both addresses, and the received mail as JSON files
 * in E2E_MAIL_DIR, from the environment.
 */
export default async function globalSetup() {
  await buildIfStale('Building the app for the browser tests...');
  const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agencyhq-e2e-mail-'));
  const sink = await startSmtpSink({ dir: mailDir });
  const server = await startServer({ ALLOW_PRIVATE_SMTP: 'true' });
  process.env.E2E_BASE_URL = server.baseURL;
  process.env.E2E_DATA_DIR = server.dataDir;
  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_SMTP = JSON.stringify({
    host: sink.host,
    port: sink.port,
    user: sink.user,
    pass: sink.pass,
  });
  return async () => {
    await server.stop();
    await sink.close();
    fs.rmSync(mailDir, { recursive: true, force: true });
  };
}
