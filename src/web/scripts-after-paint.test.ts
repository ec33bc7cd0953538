import { describe, expect, it } from 'vitest';
import { deferScriptsTillPainted } from '../../scripts/lib/scripts-after-paint-plugin';
import { PAGE_PRELOAD_PLACEHOLDER } from '../shared/ssr';

const built = `<head>
    <link rel="stylesheet" crossorigin href="/assets/index-A.css">
    <!--app-head-->
    <script type="module" crossorigin src="/assets/index-B.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/framework-C.js">
    <link rel="modulepreload" crossorigin href="/assets/header-D.js">
  </head>`;

describe('the built template loads the app after its first paint', () => {
  const html = deferScriptsTillPainted(built, 'assets/after-paint-E.js');

  it('asks for no module itself: the entry and its preloads go to the loader', () => {
    expect(html).not.toContain('type="module"');
    expect(html).not.toContain('modulepreload');
    expect(html).toContain(
      `<script defer src="/assets/after-paint-E.js" data-entry="/assets/index-B.js" data-preload="/assets/framework-C.js /assets/header-D.js ${PAGE_PRELOAD_PLACEHOLDER}"></script>`,
    );
  });

  it('keeps the stylesheet first', () => {
    expect(html.indexOf('index-A.css')).toBeLessThan(html.indexOf('after-paint-E.js'));
  });

  it('refuses a template without an entry module rather than build a page that never hydrates', () => {
    expect(() => deferScriptsTillPainted('<head></head>', 'assets/after-paint-E.js')).toThrow(/entry/);
  });
});
