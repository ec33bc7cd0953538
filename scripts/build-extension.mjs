// `npm run build:extension`: the Botgit extension (extension/) as a folder Chromium loads unpacked
// (dist/extension) and the same files zipped for the Chrome Web Store (dist/botgit-extension.zip).
//
// Host access: the content script runs on http(s) pages the user opens (it reads a page only there, and
// reports nothing that is not a profile); the service worker may call the AgencyHQ server on this machine
// (127.0.0.1, localhost) at once, and any other server only after the options page asked the user for it
// (optional host permissions, requested when the user presses Connect Botgit).
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import sharp from 'sharp';
import { zipSync } from 'fflate';

const root = path.resolve(import.meta.dirname, '..');
const source = path.join(root, 'extension');
const out = path.join(root, 'dist/extension');
const started = performance.now();

fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(path.join(out, 'icons'), { recursive: true });

const common = {
  bundle: true,
  target: 'chrome116',
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
};
await build({
  ...common,
  entryPoints: ['background', 'popup', 'options'].map((name) => path.join(source, `src/${name}.ts`)),
  outdir: out,
  format: 'esm',
});
// Content scripts are classic scripts: no module syntax.
await build({ ...common, entryPoints: [path.join(source, 'src/content.ts')], outdir: out, format: 'iife' });

for (const file of fs.readdirSync(path.join(source, 'static')))
  fs.copyFileSync(path.join(source, 'static', file), path.join(out, file));
const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const manifest = JSON.parse(fs.readFileSync(path.join(source, 'manifest.json'), 'utf8'));
fs.writeFileSync(path.join(out, 'manifest.json'), `${JSON.stringify({ ...manifest, version }, null, 2)}\n`);

// The icon: the product's indigo tile with a white "B".
const svg = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128"><rect width="128" height="128" rx="28" fill="#4f46e5"/><text x="64" y="90" font-family="Arial, Helvetica, sans-serif" font-size="80" font-weight="700" fill="#fff" text-anchor="middle">B</text></svg>`,
);
for (const size of [16, 32, 48, 128])
  await sharp(svg)
    .resize(size, size)
    .png()
    .toFile(path.join(out, 'icons', `${size}.png`));

const files = {};
const walk = (dir, prefix = '') => {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, `${prefix}${entry.name}/`);
    else files[`${prefix}${entry.name}`] = fs.readFileSync(full);
  }
};
walk(out);
const zip = path.join(root, 'dist/botgit-extension.zip');
fs.writeFileSync(zip, zipSync(files, { level: 9 }));
console.log(
  `Botgit extension ${version}: ${out} and ${zip} (${(fs.statSync(zip).size / 1024).toFixed(0)} KB) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
