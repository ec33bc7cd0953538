// Builds the web client (dist/client), the server-side renderer (dist/ssr) and the server (dist/server).
import fs from 'node:fs';
import path from 'node:path';
import { build as viteBuild } from 'vite';
import { build as esbuild } from 'esbuild';
import { precompress } from './lib/precompress.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');

export async function buildAll({ quiet = false } = {}) {
  const logLevel = quiet ? 'warn' : 'info';
  const configFile = path.join(root, 'vite.config.ts');
  await viteBuild({ configFile, logLevel });
  await viteBuild({
    configFile,
    logLevel,
    build: { ssr: 'entry-server.tsx', outDir: '../../dist/ssr', emptyOutDir: true, copyPublicDir: false },
  });
  await precompress(path.join(dist, 'client/assets'));
  await precompress(path.join(dist, 'client/static'));
  await esbuild({
    entryPoints: [path.join(root, 'src/server/main.ts')],
    outfile: path.join(dist, 'server/main.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: quiet ? 'warning' : 'info',
  });
  fs.writeFileSync(path.join(dist, '.build-stamp'), new Date().toISOString());
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildAll();
}
