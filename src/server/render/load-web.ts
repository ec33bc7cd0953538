import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SsrRenderInput, SsrRenderOutput } from '../../shared/ssr';
import type { WebRenderer } from './web-renderer';

/** Loads the Vite build (dist/client + dist/ssr) that `npm run build` produced next to the server bundle. */
export async function loadWebRenderer(distDir: string): Promise<WebRenderer> {
  const clientDir = path.join(distDir, 'client');
  const template = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const ssr = (await import(pathToFileURL(path.join(distDir, 'ssr', 'entry-server.js')).href)) as {
    render(input: SsrRenderInput): SsrRenderOutput;
  };
  return { clientDir, template, render: (input) => ssr.render(input) };
}
