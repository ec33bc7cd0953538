import type { Plugin } from 'vite';

/**
 * Vite writes the page's stylesheet after the entry script and its module preloads, and the server adds
 * the page's own preloads before those: the one file that holds up the first paint was asked for last,
 * behind a dozen scripts sharing the connections. This moves it to the top of <head>, before the page's
 * tags (docs/architecture.md#budgets).
 */
export function stylesheetFirst(): Plugin {
  return {
    name: 'agencyhq:stylesheet-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const sheets = html.match(/\s*<link rel="stylesheet"[^>]*>/g) ?? [];
        if (sheets.length === 0 || !html.includes('<!--app-head-->')) return html;
        let moved = html;
        for (const sheet of sheets) moved = moved.replace(sheet, '');
        return moved.replace(
          '<!--app-head-->',
          `${sheets.map((s) => s.trim()).join('\n    ')}\n    <!--app-head-->`,
        );
      },
    },
  };
}
