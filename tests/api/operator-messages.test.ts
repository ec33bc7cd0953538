import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from './support/server-process';

/**
 * What the built server, as `npm start` runs it (NODE_ENV=production), tells its operator. An invitation
 * sent before any mail set-up waits in the queue, and the log says so: the inviter's screen cannot (the
 * link is the invitee's alone).
 */
const ADMIN = { email: 'operator@agency.test', password: 'operator-pass-1' };

describe('the built server tells its operator', () => {
  let server: ServerProcess;
  let log = '';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'operator-messages-'));

  beforeAll(async () => {
    server = await startServerProcess(
      {
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SMTP_URL: '',
        NODE_ENV: '',
        LOG_LEVEL: 'warn',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        JWT_SECRET: 'operator-test-jwt-secret-that-is-long-enough-01',
        SECRET_KEY: 'operator-test-secret-key-that-is-long-enough-01',
      },
      { onLog: (chunk) => (log += chunk) },
    );
  }, 60_000);

  afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('that an invitation waits for a mail set-up', async () => {
    const login = await fetch(`${server.base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const invited = await fetch(`${server.base}/api/workspace/invitations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'new.colleague@agency.test' }),
    });
    expect(invited.status, await invited.clone().text()).toBe(201);
    await expect
      .poll(() => log, { timeout: 5_000 })
      .toContain('E-mail is not set up: the invitation waits in the queue');
  });
});
