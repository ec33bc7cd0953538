import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { MODULE_CHUNKS_FILE, type SsrRenderInput, type SsrRenderOutput } from '../../shared/ssr';
import type { WebRenderer } from './web-renderer';
import { modulePreloader, type ModuleChunks, type ViteManifest } from './module-preloads';

/** Loads the Vite build (dist/client + dist/ssr) that `npm run build` produced next to the server bundle. */
export async function loadWebRenderer(distDir: string): Promise<WebRenderer> {
  const clientDir = path.join(distDir, 'client');
  const template = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const ssr = (await import(pathToFileURL(path.join(distDir, 'ssr', 'entry-server.js')).href)) as {
    render(input: SsrRenderInput): SsrRenderOutput;
    isUnknownPath(pathname: string): boolean;
  };
  const readJson = (file: string): unknown => JSON.parse(fs.readFileSync(path.join(clientDir, file), 'utf8'));
  const manifest = readJson('.vite/manifest.json') as ViteManifest;
  const chunks = readJson(MODULE_CHUNKS_FILE) as ModuleChunks;
  return {
    clientDir,
    template,
    render: (input) => ssr.render(input),
    isUnknownPath: (pathname) => ssr.isUnknownPath(pathname),
    modulePreloads: modulePreloader(manifest, chunks),
  };
}
