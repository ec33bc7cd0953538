import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { moduleChunks } from './scripts/lib/module-chunks-plugin';
import { analyticsBeacon } from './scripts/lib/analytics-beacon-plugin';
import { stylesheetFirst } from './scripts/lib/stylesheet-first-plugin';
import { scriptsAfterPaint } from './scripts/lib/scripts-after-paint-plugin';

/**
 * The browser build runs on preact/compat instead of react-dom: React 19's react-dom alone is ~65 KB gzip,
 * which cannot fit the 90 KB budget of docs/architecture.md#budgets for public pages; preact/compat is ~4 KB with the same API.
 * The server renders with React 19 (plain HTML, which Preact hydrates), and the dev server keeps React so
 * hot reload works.
 */
const preactCompat = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

const FRAMEWORK = /node_modules\/(preact|react-router|@tanstack\/(react-query|query-core))\//;

/** Client build → dist/client; `vite build --ssr` → dist/ssr (see scripts/build.mjs). */
export default defineConfig(({ command, isSsrBuild }) => ({
  root: 'src/web',
  publicDir: 'public',
  plugins: [
    react(),
    tailwindcss(),
    ...(isSsrBuild
      ? []
      : [
          moduleChunks(fileURLToPath(new URL('./src/web', import.meta.url))),
          analyticsBeacon(fileURLToPath(new URL('./src/web/analytics-beacon.ts', import.meta.url))),
          stylesheetFirst(),
          scriptsAfterPaint(fileURLToPath(new URL('./src/web/scripts-after-paint.ts', import.meta.url))),
        ]),
  ],
  resolve: { alias: command === 'build' && !isSsrBuild ? preactCompat : [] },
  // Left outside the server-side renderer, lucide-react was loaded whole (every icon, 1.3 MB of source that
  // V8 keeps for the life of the process); bundled, only the icons the pages draw remain.
  ssr: { noExternal: ['lucide-react'] },
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    rollupOptions: {
      onLog(level, log, handler) {
        // A package's /*#__PURE__*/ where Rollup cannot use it (zod's, today): the comment is dropped and
        // nothing can be done about it here. Our own code's warnings still show.
        if (log.code === 'INVALID_ANNOTATION' && log.id?.includes('/node_modules/')) return;
        // experimentalMinChunkSize's chunk counts before and after merging: statistics, not news.
        if (log.code === 'OPTIMIZE_CHUNK_STATUS') return;
        // The server bundle holds every page: a dynamic import that splits the browser's chunks (the
        // access rules, loaded by visitors' pages only once signed in) has nothing to split there.
        if (
          isSsrBuild &&
          log.plugin === 'vite:reporter' &&
          log.message.includes('dynamic import will not move')
        )
          return;
        handler(level, log);
      },
      output: {
        // The libraries every page runs share one long-cached chunk, named for what it is.
        manualChunks: (id) => (!isSsrBuild && FRAMEWORK.test(id) ? 'framework' : undefined),
        // Small shared chunks are merged (Rollup only merges where no extra code would run), so a page
        // arrives in ~10 files instead of ~25: each response costs ~0.5 KB of headers and a request slot.
        experimentalMinChunkSize: 12_000,
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
}));
