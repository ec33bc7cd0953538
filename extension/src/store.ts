import { BOTGIT_DEFAULTS } from '../../src/shared/botgit';
import type { BotgitSettings } from '../../src/shared/schemas/botgit';
import type { FoundProfile, Session } from './types';

/**
 * What Botgit keeps in the browser: the server address, the signed-in e-mail and its token (never the
 * password) and the workspace's settings in chrome.storage.local; what was found on each open tab in
 * chrome.storage.session (gone when the browser closes).
 */
export const store = {
  async session(): Promise<Session | null> {
    return ((await chrome.storage.local.get('session')).session as Session | undefined) ?? null;
  },
  setSession: (session: Session) => chrome.storage.local.set({ session }),
  clearSession: () => chrome.storage.local.remove(['session', 'settings', 'autoCaptured']),

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
