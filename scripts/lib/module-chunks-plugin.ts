import path from 'node:path';
import type { Plugin } from 'vite';
import { MODULE_CHUNKS_FILE } from '../../src/shared/ssr';

/**
 * Writes `{ "features/home/home-page.tsx": "assets/home-page-….js", … }` for every module under `root`.
 * Vite's manifest keys a chunk by its source only when nothing else imports it statically, and merged
 * chunks drop out of it; this map is exact, so the server can always name a page's chunk to preload.
 */
export function moduleChunks(root: string): Plugin {
  return {
    name: 'agencyhq:module-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: Record<string, string> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        for (const id of output.moduleIds)
          if (id.startsWith(root + path.sep))
            chunks[path.relative(root, id).split(path.sep).join('/')] = output.fileName;
      }
      this.emitFile({ type: 'asset', fileName: MODULE_CHUNKS_FILE, source: JSON.stringify(chunks, null, 1) });
    },
  };
}
