import { store } from './store';
import type { Message, SaveResult } from './types';
import { byId, notice, privacyLink, show } from './ui';

/**
 * The toolbar popup: what was found on the open tab, and 'Save to Botgit'. `?tab=<id>` names the tab
 * explicitly (a popup opened as a page, as the browser tests do); otherwise it is the active tab.
 */
const SOURCES = {
  'json-ld': 'the page’s JSON-LD data',
  microdata: 'the page’s microdata',
  'open-graph': 'the page’s Open Graph tags',
  page: 'the visible page',
} as const;

async function tabId(): Promise<number | undefined> {
  const named = Number(new URLSearchParams(window.location.search).get('tab'));
  if (Number.isInteger(named) && named > 0) return named;
  const [tab] = await chrome.tabs.query({ active: true, currentWindow: true });
  return tab?.id;
}

async function main() {
  const session = await store.session();
  privacyLink(session?.server);
  show('signed-out', !session);
  show('signed-in', Boolean(session));
  if (!session) return;
  byId('who').textContent = `Connected as ${session.email}`;
  // Opening the popup is a good moment to pick up changed Botgit Settings.
  void chrome.runtime.sendMessage({ type: 'refresh-settings' } satisfies Message).then(async () => {
    show('auto', (await store.settings()).value.autoScrape);
  });

  const id = await tabId();
  const profile = id === undefined ? null : await store.found(id);
  show('found', Boolean(profile));
  show('nothing', !profile);
  if (!profile || id === undefined) return;
  byId('found-name').textContent = profile.name || '(no name)';
  for (const field of ['role', 'location', 'email', 'phone'] as const)
    byId(`found-${field}`).textContent = profile[field] || '-';
  byId('found-url').textContent = profile.profileUrl;
  byId('found-source').textContent = `Read from ${SOURCES[profile.source]}.`;
  const save = byId<HTMLButtonElement>('save');
  save.addEventListener('click', async () => {
    save.disabled = true;
    save.textContent = 'Saving...';
    const result = (await chrome.runtime.sendMessage({
      type: 'save',
      tabId: id,
    } satisfies Message)) as SaveResult;
    notice(result.message, result.ok);
    save.textContent = 'Save to Botgit';
    save.disabled = false;
  });
}

void main();
