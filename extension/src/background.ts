import { profileUrlKey } from '../../src/shared/botgit';
import { disconnect, refreshSettings, saveProfile } from './server-api';
import { beginConnection, claimOnce, isOwnApprovalPage } from './connect';
import { store } from './store';
import type { ConnectState, FoundProfile, Message, SaveResult } from './types';

const HOUR_MS = 3_600_000;
/** Settings older than this are fetched again before an automatic save. */
const SETTINGS_MAX_AGE_MS = 30_000;

function notify(message: string) {
  chrome.notifications.create({ type: 'basic', iconUrl: 'icons/128.png', title: 'Botgit', message });
}

/**
 * Automatic scraping (Botgit Settings): a profile page the user opens is saved without a click, at most
 * 'maximum profiles' per interval counted here as well as on the server, each profile once per interval.
 */
async function autoCapture(profile: FoundProfile) {
  if (!(await store.session())) return;
  const cached = await store.settings();
  const stale = Date.now() - cached.fetchedAt > SETTINGS_MAX_AGE_MS;
  const settings = (stale && (await refreshSettings().catch(() => null))) || cached.value;
  if (!settings.autoScrape) return;
  const since = Date.now() - settings.scrapeInterval * HOUR_MS;
  const captured = (await store.autoCaptured()).filter((entry) => entry.at > since);
  const key = profileUrlKey(profile.profileUrl) ?? profile.profileUrl;
  if (captured.some((entry) => entry.key === key) || captured.length >= settings.maxProfiles) return;
  const result = await saveProfile(profile);
  if (result.ok) await store.setAutoCaptured([...captured, { key, at: Date.now() }]);
  if (settings.notifyOnComplete) notify(result.message);
}

async function saveFromTab(tabId: number): Promise<SaveResult> {
  const profile = await store.found(tabId);
  if (!profile) return { ok: false, message: 'No profile was found on this page.' };
  const result = await saveProfile(profile);
  const { value: settings } = await store.settings();
  if (result.ok && settings.notifyOnComplete) notify(result.message);
  return result;
}

chrome.runtime.onMessage.addListener((message: Message, sender, reply) => {
  if (message.type === 'profile-found' && sender.tab?.id !== undefined) {
    const tabId = sender.tab.id;
    void store.setFound(tabId, message.profile);
    void chrome.action.setBadgeText({ tabId, text: message.profile ? '1' : '' });
    if (message.profile) void autoCapture(message.profile);
    return false;
  }
  if (message.type === 'save') {
    void saveFromTab(message.tabId).then(reply);
    return true; // answers asynchronously
  }
  if (message.type === 'refresh-settings') {
    void refreshSettings()
      .catch(() => null)
      .then(() => reply(true));
    return true;
  }
  // Connecting (docs/product/integrations.md#connect-botgit): the options page starts and polls.
  if (message.type === 'connect-start') {
    void beginConnection(message.server)
      .then((url) => chrome.tabs.create({ url }))
      .then(
        () => reply({ ok: true }),
        (error: Error) => reply({ ok: false, message: error.message }),
      );
    return true;
  }
  if (message.type === 'connect-poll') {
    void claimOnce().then(reply);
    return true;
  }
  if (message.type === 'connect-cancel') {
    void store.clearPending().then(() => reply(true));
    return true;
  }
  // The approval page's content script: is this page our own request's, as the browser reports its address?
  if (message.type === 'connect-page') {
    const topFrame = sender.frameId === 0 && sender.tab !== undefined;
    void isOwnApprovalPage(topFrame ? sender.url : undefined, message.code).then(reply);
    return true;
  }
  if (message.type === 'connect-approved') {
    void isOwnApprovalPage(sender.frameId === 0 ? sender.url : undefined, message.code)
      .then((ours) => (ours ? claimOnce() : null))
      .then((state: ConnectState | null) => {
        if (state?.status === 'connected') notify(`Botgit is connected to AgencyHQ as ${state.email}.`);
        reply(state);
      });
    return true;
  }
  if (message.type === 'disconnect') {
    void disconnect().then(() => reply(true));
    return true;
  }
  return false;
});

void chrome.action.setBadgeBackgroundColor({ color: '#4f46e5' });
chrome.tabs.onRemoved.addListener((tabId) => void store.setFound(tabId, null));
