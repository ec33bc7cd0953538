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
