import net from 'node:net';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';

/** The built server as a real process (dist/server/main.js), for the suites that signal or kill it. */
export interface ServerProcess {
  base: string;
  child: ChildProcess;
  exited: Promise<number | null>;
}

const root = path.resolve(import.meta.dirname, '../../..');

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the built server on a free loopback port with `env` over the test's own environment (silent log,
 * no Redis), and answers once /api/ready does; a server that exits first fails with what it said.
 * `onLog` hears what it writes to its standard output (its log), chunk by chunk.
 */
export async function startServerProcess(
  env: Record<string, string>,
  { onLog }: { onLog?: (chunk: string) => void } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'dist/server/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      REDIS_URL: '',
      ...env,
    },
    stdio: ['ignore', onLog ? 'pipe' : 'ignore', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => onLog!(chunk.toString()));
  // What the server said on the way out is the failure's explanation (a start refused, say).
  let said = '';
  child.stderr!.on('data', (chunk: Buffer) => (said = (said + chunk.toString()).slice(-2000)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const closed = new Promise((resolve) => child.once('close', resolve));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) {
      await closed;
      throw new Error(`the server exited with ${child.exitCode}: ${said}`);
    }
    try {
      if ((await fetch(`${base}/api/ready`)).ok) return { base, child, exited };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the server did not become ready');
}
