import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { MODULE_CHUNKS_FILE, type SsrRenderInput, type SsrRenderOutput } from '../../shared/ssr';
import type { WebRenderer } from './web-renderer';
import { modulePreloader, type ModuleChunks, type ViteManifest } from './module-preloads';
import { loadModule } from '../lib/load-module';

interface SsrModule {
  render(input: SsrRenderInput): SsrRenderOutput;
  isUnknownPath(pathname: string): boolean;
}

/** The built files the renderer reads at once: the HTML template and the preload maps (small JSON). */
function readClientFiles(distDir: string) {
  const clientDir = path.join(distDir, 'client');
  const template = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const readJson = (file: string): unknown => JSON.parse(fs.readFileSync(path.join(clientDir, file), 'utf8'));
  const manifest = readJson('.vite/manifest.json') as ViteManifest;
  const chunks = readJson(MODULE_CHUNKS_FILE) as ModuleChunks;
  return { clientDir, template, modulePreloads: modulePreloader(manifest, chunks) };
}

const ssrEntry = (distDir: string) => path.join(distDir, 'ssr', 'entry-server.js');
const importSsr = (distDir: string) => loadModule<SsrModule>(pathToFileURL(ssrEntry(distDir)).href);

/** Loads the Vite build (dist/client + dist/ssr) that `npm run build` produced next to the server bundle. */
export async function loadWebRenderer(distDir: string): Promise<WebRenderer> {
  const files = readClientFiles(distDir);
  const ssr = await importSsr(distDir);
  return {
    ...files,
    render: (input) => ssr.render(input),
    isUnknownPath: (pathname) => ssr.isUnknownPath(pathname),
  };
}

/**
 * The same, for the server process: the server-side renderer (React and every page's module, several
 * hundred milliseconds of a start) is imported by `load()`, which main.ts calls once the server listens,
 * or by the first page that awaits `ready`: the API answers without waiting for it
 * (docs/architecture.md#start-up). A build without the renderer still fails the start, before listen.
 */
export function deferredWebRenderer(distDir: string): WebRenderer & { load(): Promise<void> } {
  const files = readClientFiles(distDir);
  if (!fs.existsSync(ssrEntry(distDir)))
    throw new Error(`${ssrEntry(distDir)} is missing: run npm run build`);
  let ssr: SsrModule | undefined;
  let loading: Promise<void> | undefined;
  const load = () =>
    (loading ??= importSsr(distDir).then((module) => {
      ssr = module;
    }));
  const loaded = (): SsrModule => {
    if (!ssr) throw new Error('the server-side renderer is used before it was loaded (await ready)');
    return ssr;
  };
  return {
    ...files,
    load,
    get ready() {
      return load();
    },
    render: (input) => loaded().render(input),
    isUnknownPath: (pathname) => loaded().isUnknownPath(pathname),
  };
}
