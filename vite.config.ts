import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

/**
 * The browser build runs on preact/compat instead of react-dom: React 19's react-dom alone is ~65 KB gzip,
 * which cannot fit DESIGN §8's 90 KB budget for public pages; preact/compat is ~4 KB with the same API.
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

/** Client build → dist/client; `vite build --ssr` → dist/ssr (see scripts/build.mjs). */
export default defineConfig(({ command, isSsrBuild }) => ({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  resolve: { alias: command === 'build' && !isSsrBuild ? preactCompat : [] },
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
}));
