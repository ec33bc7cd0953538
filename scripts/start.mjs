// `npm start`: builds when the build is missing or older than the sources, then runs the server.
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';

const root = path.resolve(import.meta.dirname, '..');
const stamp = path.join(root, 'dist/.build-stamp');
const inputs = ['src', 'vite.config.ts', 'package-lock.json', 'scripts/build.mjs'];

function newestMtime(target) {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(
    stat.mtimeMs,
    ...fs.readdirSync(target).map((name) => newestMtime(path.join(target, name))),
  );
}

const built = fs.statSync(stamp, { throwIfNoEntry: false })?.mtimeMs ?? 0;
if (built < Math.max(...inputs.map((p) => newestMtime(path.join(root, p))))) {
  console.log('Building AgencyHQ (first start or sources changed)...');
  const { buildAll } = await import('./build.mjs');
  await buildAll({ quiet: true });
}

const server = spawn(process.execPath, [path.join(root, 'dist/server/main.js')], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
