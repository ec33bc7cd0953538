import { BOTGIT_DEFAULTS } from '../../src/shared/botgit';
import type { BotgitSettings } from '../../src/shared/schemas/botgit';
import type { FoundProfile, PendingConnection, Session } from './types';

/**
 * What Botgit keeps in the browser: the server address, the API key AgencyHQ handed it when the user
 * approved the connection (never a password, never a session), the e-mail and workspace it acts for, and the
 * workspace's settings, in chrome.storage.local; a connection waiting for approval (with its verifier) and
 * what was found on each open tab in chrome.storage.session (gone when the browser closes, and out of the
 * content script's reach).
 */
export const store = {
  async session(): Promise<Session | null> {
    const saved = (await chrome.storage.local.get('session')).session as Partial<Session> | undefined;
    if (!saved) return null;
    // A session token kept by an earlier version, from a password typed here: forgotten, never used.
    if (typeof saved.key !== 'string') {
      await chrome.storage.local.remove('session');
      return null;
    }
    return saved as Session;
  },
  setSession: (session: Session) => chrome.storage.local.set({ session }),
  clearSession: () => chrome.storage.local.remove(['session', 'settings', 'autoCaptured']),

  async pending(): Promise<PendingConnection | null> {
    return ((await chrome.storage.session.get('pending')).pending as PendingConnection | undefined) ?? null;
  },
  setPending: (pending: PendingConnection) => chrome.storage.session.set({ pending }),
  clearPending: () => chrome.storage.session.remove('pending'),

  async settings(): Promise<{ value: BotgitSettings; fetchedAt: number }> {
    const saved = (await chrome.storage.local.get('settings')).settings as
      { value: BotgitSettings; fetchedAt: number } | undefined;
    return saved ?? { value: { ...BOTGIT_DEFAULTS }, fetchedAt: 0 };
  },
  setSettings: (value: BotgitSettings) =>
    chrome.storage.local.set({ settings: { value, fetchedAt: Date.now() } }),

  async found(tabId: number): Promise<FoundProfile | null> {
    return (
      ((await chrome.storage.session.get(`found:${tabId}`))[`found:${tabId}`] as FoundProfile | undefined) ??
      null
    );
  },
  setFound: (tabId: number, profile: FoundProfile | null) =>
    profile
      ? chrome.storage.session.set({ [`found:${tabId}`]: profile })
      : chrome.storage.session.remove(`found:${tabId}`),

  /** Profiles saved automatically, with when: the local side of "maximum profiles per interval". */
  async autoCaptured(): Promise<{ key: string; at: number }[]> {
    return (
      ((await chrome.storage.local.get('autoCaptured')).autoCaptured as { key: string; at: number }[]) ?? []
    );
  },
  setAutoCaptured: (entries: { key: string; at: number }[]) =>
    chrome.storage.local.set({ autoCaptured: entries }),
};
