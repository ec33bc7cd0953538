import { BOTGIT_CONNECT } from '../../src/shared/api-keys';
import { extractProfile } from './extract';
import type { Message } from './types';

/**
 * Runs in the pages the user opens (never anywhere else: Botgit does not navigate or crawl). It reads
 * the page once it has loaded and tells the service worker what it found; nothing leaves the browser
 * unless the user saves it, or automatic scraping is on in Botgit Settings.
 */
function report() {
  const message: Message = { type: 'profile-found', profile: extractProfile(document, window.location) };
  void chrome.runtime.sendMessage(message).catch(() => undefined);
}

report();
// Profile sites often render after load or change page without a reload: look again when the address changes.
let last = window.location.href;
new MutationObserver(() => {
  if (window.location.href === last) return;
  last = window.location.href;
  window.setTimeout(report, 800);
}).observe(document.documentElement, { childList: true, subtree: true });

/**
 * On AgencyHQ's Connect Botgit page (docs/product/integrations.md#connect-botgit): when the service worker
 * confirms that this browser's Botgit opened it for its own waiting request, the page is told so through
 * an attribute of its root element (the page offers Approve only then), and its word that the request was
 * approved makes the service worker claim the key at once.
 */
function bridgeConnectPage() {
  if (window.location.pathname !== BOTGIT_CONNECT.path) return;
  const code = new URLSearchParams(window.location.search).get('code');
  if (!code) return;
  const ask: Message = { type: 'connect-page', code };
  void chrome.runtime
    .sendMessage(ask)
    .then((ours: boolean) => {
      if (!ours) return;
      document.documentElement.setAttribute(BOTGIT_CONNECT.pageAttribute, code);
      window.addEventListener('message', (event: MessageEvent) => {
        if (event.source !== window || event.origin !== window.location.origin) return;
        const data = event.data as { type?: unknown; code?: unknown } | null;
        if (data?.type !== BOTGIT_CONNECT.approvedMessage || data.code !== code) return;
        const approved: Message = { type: 'connect-approved', code };
        void chrome.runtime.sendMessage(approved).catch(() => undefined);
      });
    })
    .catch(() => undefined);
}

bridgeConnectPage();
