import type { Plugin } from 'vite';
import { PAGE_PRELOAD_PLACEHOLDER } from '../../src/shared/ssr';
import { buildClassicScript } from './classic-script';

const ENTRY_TAG = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const PRELOAD_TAG = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * The built template's entry module and its preloads, replaced by one small deferred loader that asks for
 * them once the page is on screen (src/web/scripts-after-paint.ts; docs/architecture.md#budgets).
 */
export function deferScriptsTillPainted(html: string, loaderFile: string): string {
  const entry = ENTRY_TAG.exec(html)?.[1];
  if (!entry) throw new Error('the built template has no entry module to defer');
  const preloads = [...html.matchAll(PRELOAD_TAG)].map((match) => match[1]!);
  const loader = `<script defer src="/${loaderFile}" data-entry="${entry}" data-preload="${[...preloads, PAGE_PRELOAD_PLACEHOLDER].join(' ')}"></script>`;
  return html.replace(PRELOAD_TAG, '').replace(ENTRY_TAG, `\n    ${loader}`);
}

/** The build's template loads the app through the loader; the dev server keeps Vite's own tags. */
export function scriptsAfterPaint(loaderEntry: string): Plugin {
  let loader: { code: string; fileName: string } | undefined;
  return {
    name: 'agencyhq:scripts-after-paint',
    apply: 'build',
    async buildStart() {
      loader = await buildClassicScript(loaderEntry, 'after-paint');
    },
    transformIndexHtml: {
      order: 'post',
      handler: (html) => deferScriptsTillPainted(html, loader!.fileName),
    },
    generateBundle() {
      if (loader) this.emitFile({ type: 'asset', fileName: loader.fileName, source: loader.code });
    },
  };
}
