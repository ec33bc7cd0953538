// `npm start`: builds when the build is missing or older than the sources, then runs the server.
import path from 'node:path';
import { spawn } from 'node:child_process';
import { buildIfStale } from './lib/build-if-stale.mjs';

const root = path.resolve(import.meta.dirname, '..');
await buildIfStale('Building AgencyHQ (first start or sources changed)...');

const server = spawn(process.execPath, [path.join(root, 'dist/server/main.js')], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
