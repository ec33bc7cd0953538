import type { Plugin } from 'vite';
import { ANALYTICS_PIXEL_PATH } from '../../src/shared/analytics';
import { buildClassicScript } from './classic-script';

/** The beacon, bundled and minified on its own: the code and its content-hashed name under assets/. */
export const buildBeacon = (entry: string) => buildClassicScript(entry, 'beacon');

/**
 * docs/decisions/0018-first-party-analytics.md: every page the template makes carries the page-view beacon
 * (`async`, a content-hashed file cached for a year, built from `entry`) and, for browsers without scripts,
 * a 1×1 image that names its page in Referer. Both are constant, so a page's bytes stay one copy per key.
 * In development Vite serves the beacon's source.
 */
export function analyticsBeacon(entry: string): Plugin {
  let beacon: { code: string; fileName: string } | undefined;
  let building = false;
  return {
    name: 'agencyhq:analytics-beacon',
    configResolved(config) {
      building = config.command === 'build';
    },
    async buildStart() {
      if (building) beacon = await buildBeacon(entry);
    },
    transformIndexHtml: {
      order: 'post',
      handler: (_html, context) => [
        {
          tag: 'script',
          attrs: context.server
            ? { type: 'module', src: '/analytics-beacon.ts' }
            : { async: true, src: `/${beacon!.fileName}` },
          injectTo: 'body',
        },
        {
          tag: 'noscript',
          children: `<img src="${ANALYTICS_PIXEL_PATH}" alt="" width="1" height="1" referrerpolicy="same-origin">`,
          injectTo: 'body',
        },
      ],
    },
    generateBundle() {
      if (beacon) this.emitFile({ type: 'asset', fileName: beacon.fileName, source: beacon.code });
    },
  };
}
