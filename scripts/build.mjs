// Builds the web client (dist/client), the server-side renderer (dist/ssr) and the server (dist/server).
import fs from 'node:fs';
import path from 'node:path';
import { build as viteBuild } from 'vite';
import { build as esbuild } from 'esbuild';
import { precompress } from './lib/precompress.mjs';

const root = path.resolve(import.meta.dirname, '..');
/**
 * The packages the server bundle leaves in node_modules: native ones (better-sqlite3, sharp), those the
 * server loads only when a feature is first used (loaded at start, they would be bundled for nothing), and
 * @fastify/swagger, which reads its own package.json. Every other package is bundled: read, resolved and
 * linked file by file from node_modules, they were half of a start (docs/architecture.md#start-up). A new
 * dependency that reads its own files at run time belongs here.
 */
const SERVER_EXTERNAL = [
  'better-sqlite3',
  'sharp',
  'pg',
  'ioredis',
  'mjml',
  'html-to-text',
  'sanitize-html',
  'file-type',
  'imapflow',
  'mailparser',
  'pdfkit',
  'qrcode',
  'email-providers',
  'disposable-email-domains',
  '@fastify/swagger',
];
const dist = path.join(root, 'dist');

export async function buildAll({ quiet = false } = {}) {
  // What users run, whoever builds: the test runner's NODE_ENV=test would otherwise give Vite a development
  // build (React's jsxDEV calls), which the server, running React's production build, cannot render.
  const callersNodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await buildForProduction({ quiet });
  } finally {
    if (callersNodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = callersNodeEnv;
  }
}

async function buildForProduction({ quiet }) {
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
  // The server as CommonJS (server.cjs), run by a small ES module (main.js) that gives it V8's code cache:
  // Node 20 caches compiled code only for scripts run through `vm.Script` (src/server/boot/code-cache.ts).
  fs.rmSync(path.join(dist, 'server'), { recursive: true, force: true });
  await esbuild({
    entryPoints: [path.join(root, 'src/server/main.ts')],
    outfile: path.join(dist, 'server/server.cjs'),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: SERVER_EXTERNAL.flatMap((name) => [name, `${name}/*`]),
    // CommonJS has no import.meta: the bundle's own address stands in for it (the fonts, the renderer).
    define: { 'import.meta.url': '__bundleUrl' },
    banner: { js: "const __bundleUrl = require('node:url').pathToFileURL(__filename).href;" },
    // Its warnings only: the one-file size it would print comes with a warning sign it does not deserve.
    logLevel: 'warning',
  });
  await esbuild({
    entryPoints: [path.join(root, 'src/server/boot/code-cache.ts')],
    outfile: path.join(dist, 'server/main.js'),
    // With the importer's key from load-module.ts, and nothing else but Node's own modules.
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
  });
  oneBytePerCharacter(path.join(dist, 'server'));
  oneBytePerCharacter(path.join(dist, 'ssr'));
  fs.writeFileSync(path.join(dist, '.build-stamp'), new Date().toISOString());
}

/**
 * V8 keeps the source of every script it loads, one byte per character unless a single character is past
 * Latin-1: then the whole source takes two. A dash or an ellipsis in a comment of the 6 MB server bundle
 * cost 6.5 MB of heap for as long as the process ran. Escaped (\uXXXX means the same in a string, a
 * regular expression or a template, and nothing in a comment), every character fits in one byte.
 */
function oneBytePerCharacter(dir) {
  for (const file of fs.readdirSync(dir, { recursive: true })) {
    if (!/\.c?js$/.test(String(file))) continue;
    const full = path.join(dir, String(file));
    const code = fs.readFileSync(full, 'utf8');
    const escaped = code.replace(
      /[\u0100-\uffff]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
    if (escaped !== code) fs.writeFileSync(full, escaped);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildAll();
}
