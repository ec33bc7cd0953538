/**
 * The page-view beacon of the public pages (docs/product/analytics.md#what-is-counted): a script of its own,
 * loaded `async` by every page (scripts/lib/analytics-beacon-plugin.ts puts the tag in the template), under
 * 1 KB gzip. It sends the path, the referrer of the page load and the campaign parameters with
 * navigator.sendBeacon, once per page and per client-side navigation; nothing when the browser asks not to
 * be tracked, is driven by automation, or holds a dashboard sign-in. No cookie; the one thing it keeps is the
 * last non-direct touch, for the contact form (docs/product/analytics.md#lead-attribution).
 */
import {
  ANALYTICS_EVENT_PATH,
  ATTRIBUTION_STORAGE_KEY,
  CAMPAIGN_PARAMETERS,
  SIGNED_IN_STORAGE_KEY,
} from '../shared/analytics';

const nav = navigator as Navigator & { globalPrivacyControl?: boolean };

/** A storage, or null where the browser refuses it (privacy modes, sandboxed frames). */
function storage(which: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return window[which];
  } catch {
    return null;
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}

// docs/product/analytics.md#privacy-signals: Do Not Track and Global Privacy Control mean nothing is sent or kept.
if (nav.doNotTrack !== '1' && !nav.globalPrivacyControl && !nav.webdriver) {
  const local = storage('localStorage');
  const session = storage('sessionStorage');
  let counted = '';
  let referrer = document.referrer;

  const count = () => {
    const path = location.pathname;
    if (path === counted) return;
    counted = path;
    // Staff previewing their own site: the dashboard's sign-in lives in this browser's storage.
    if (local?.getItem(SIGNED_IN_STORAGE_KEY) || session?.getItem(SIGNED_IN_STORAGE_KEY)) return;
    const query = new URLSearchParams(location.search);
    const campaign: Record<string, string> = {};
    for (const name of CAMPAIGN_PARAMETERS) {
      const value = query.get(name);
      if (value) campaign[name] = value.slice(0, 100);
    }
    const tagged = Object.keys(campaign).length > 0;
    const from = hostOf(referrer);
    const external = from !== '' && from !== location.hostname;
    if (tagged || external)
      try {
        local?.setItem(
          ATTRIBUTION_STORAGE_KEY,
          JSON.stringify({ ...(external ? { referrer: from } : {}), ...campaign, at: Date.now() }),
        );
      } catch {
        // Storage full or refused: the lead will read Direct.
      }
    // Of the referring page only its host leaves the browser; the site's own is no referrer.
    const body = JSON.stringify({
      p: path,
      ...(external ? { r: `https://${from}/` } : {}),
      ...(tagged ? { u: campaign } : {}),
    });
    // The referrer belongs to the page load; later pages are the site's own navigation.
    referrer = '';
    if (!nav.sendBeacon?.(ANALYTICS_EVENT_PATH, body))
      void fetch(ANALYTICS_EVENT_PATH, { method: 'POST', body, keepalive: true }).catch(() => undefined);
  };

  const pushState = history.pushState;
  history.pushState = function (...args: Parameters<History['pushState']>) {
    pushState.apply(this, args);
    count();
  };
  addEventListener('popstate', count);
  count();
}
