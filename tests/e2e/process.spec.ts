import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startServer } from './support/server';

const mainJs = path.resolve(import.meta.dirname, '../../dist/server/main.js');

function runToExit(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [mainJs], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('exit', (code) => resolve({ code, stderr }));
  });
}

test('a second server on the same DATA_DIR refuses with one clear line', async () => {
  const { code, stderr } = await runToExit({
    DATA_DIR: process.env.E2E_DATA_DIR!,
    PORT: '0',
    DATABASE_URL: '',
  });
  expect(code).toBe(1);
  expect(stderr.trim()).toMatch(
    /^AgencyHQ could not start: Another AgencyHQ server \(pid \d+\) is already using .+\. Stop it first or set another DATA_DIR\.$/,
  );
});

test('bad configuration stops the process with one clear line', async () => {
  const { code, stderr } = await runToExit({ PORT: 'not-a-port' });
  expect(code).toBe(1);
  expect(stderr.trim().split('\n')).toHaveLength(1);
  expect(stderr).toContain('Invalid configuration: PORT');
});

test('SIGTERM shuts down cleanly and a restart on the same DATA_DIR keeps every account', async () => {
  const first = await startServer();
  const email = `keeper${Date.now()}@example.test`;
  const registered = await fetch(`${first.baseURL}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      userType: 'freelancer',
      businessName: 'Keeper',
      email,
      password: 'secret123',
      confirmPassword: 'secret123',
    }),
  });
  expect(registered.status).toBe(201);

  const exited = new Promise<number | null>((resolve) => first.process.once('exit', resolve));
  first.process.kill('SIGTERM');
  expect(await exited).toBe(0);
  expect(fs.existsSync(path.join(first.dataDir, 'server.lock'))).toBe(false);

  const port = new URL(first.baseURL).port;
  const second = spawn(process.execPath, [mainJs], {
    env: { ...process.env, DATA_DIR: first.dataDir, PORT: port, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  try {
    await expect
      .poll(async () => (await fetch(`${first.baseURL}/api/ready`).catch(() => null))?.status, {
        timeout: 15_000,
      })
      .toBe(200);
    const login = await fetch(`${first.baseURL}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'secret123' }),
    });
    expect(login.status).toBe(200);
  } finally {
    second.kill('SIGTERM');
    await new Promise((resolve) => second.once('exit', resolve));
    fs.rmSync(first.dataDir, { recursive: true, force: true });
  }
});

test('a start runs from the V8 code cache the previous start wrote, and still imports what it loads on first use', async () => {
  const bundle = path.join(path.dirname(mainJs), 'server.cjs');
  const { size, mtimeMs } = fs.statSync(bundle);
  const cache = path.join(path.dirname(mainJs), `server.${size}-${Math.trunc(mtimeMs)}.v8-cache`);
  const first = await startServer();
  await first.stop();
  expect(fs.existsSync(cache), 'the cache is written by the time a start exits').toBe(true);

  // Ready means the server-side renderer was imported: an import() that Node 20 cannot make from cached
  // code unless the loader hands one in.
  const second = await startServer();
  try {
    const page = await fetch(`${second.baseURL}/pricing`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('</html>');
  } finally {
    await second.stop();
    for (const server of [first, second]) fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
});
