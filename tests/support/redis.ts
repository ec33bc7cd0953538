import net from 'node:net';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';

/** The Redis the environment names (CI sets REDIS_URL when one answers on loopback), or undefined. */
export const TEST_REDIS_URL = process.env.REDIS_URL || undefined;

/** True when `redis-server` can be started by a test (a private one it may stop and start again). */
export const canStartRedis = fs.existsSync('/usr/bin/redis-server');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** A redis-server of the test's own on a loopback port, keeping nothing on disk: stop() and start() again. */
export async function privateRedis() {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const server = {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn('/usr/bin/redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', ''], {
        stdio: 'ignore',
      });
      for (let i = 0; i < 100 && !(await answers(port)); i++) await new Promise((r) => setTimeout(r, 50));
    },
    async stop() {
      if (!child || child.exitCode !== null) return;
      const exited = new Promise((r) => child!.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    },
  };
  await server.start();
  return server;
}

/** Whether a test may use Redis at all: the environment's, or one it starts itself. */
export const redisAvailable = Boolean(TEST_REDIS_URL) || canStartRedis;

/** The environment's Redis, else a private one; `stop` ends only a Redis this call started. */
export async function redisForTest(): Promise<{ url: string; stop: () => Promise<void> }> {
  if (TEST_REDIS_URL) return { url: TEST_REDIS_URL, stop: async () => undefined };
  const redis = await privateRedis();
  return { url: redis.url, stop: redis.stop };
}
