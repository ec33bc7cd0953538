/**
 * The app's scripts, asked for once the server's HTML is on screen (docs/architecture.md#budgets). Loaded
 * at once, a page's ~70 KB of modules shared a slow line's first round trips with the stylesheet and held
 * up the first paint; the page is whole without them (links are links, and what a visitor types before
 * hydration is kept: lib/hydration.ts). scripts/lib/scripts-after-paint-plugin.ts puts this classic,
 * deferred script in the template in place of the entry's module tag, naming the entry in `data-entry` and
 * the modules to fetch beside it in `data-preload` (the template's, then the page's, added by the server).
 */
const loader = document.currentScript as HTMLScriptElement | null;

/**
 * The longest wait for the first paint: a page shown in a background tab, or one with nothing contentful
 * to paint, gets its scripts after this.
 */
const FIRST_PAINT_WAIT_MS = 1000;

let started = false;
function loadScripts(): void {
  if (started || !loader?.dataset.entry) return;
  started = true;
  // Placeholders the server did not fill (the bare template) name no file.
  const preloads = (loader.dataset.preload ?? '').split(' ').filter((url) => url.startsWith('/'));
  for (const href of preloads) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  const entry = document.createElement('script');
  entry.type = 'module';
  entry.crossOrigin = '';
  entry.src = loader.dataset.entry;
  document.head.append(entry);
}

function afterFirstPaint(then: () => void): void {
  if (document.visibilityState === 'hidden') return then();
  setTimeout(then, FIRST_PAINT_WAIT_MS);
  if (
    typeof PerformanceObserver !== 'undefined' &&
    PerformanceObserver.supportedEntryTypes?.includes('paint')
  ) {
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      setTimeout(then, 0);
    });
    observer.observe({ type: 'paint', buffered: true });
  } else {
    // Without paint timing: the second frame's callback runs once the first frame has been presented.
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(then, 0)));
  }
}

afterFirstPaint(loadScripts);
