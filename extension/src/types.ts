import type { ScrapedProfileInput } from '../../src/shared/schemas/botgit';

/** What the content script finds on a page: the fields the server takes, and where they came from. */
export interface FoundProfile extends ScrapedProfileInput {
  /** Shown in the popup. */
  source: 'json-ld' | 'microdata' | 'open-graph' | 'page';
}

export interface Session {
  server: string;
  token: string;
  email: string;
}

/** Messages between the content script, the popup and the service worker. */
export type Message =
  | { type: 'profile-found'; profile: FoundProfile | null }
  | { type: 'save'; tabId: number }
  | { type: 'signed-in' }
  | { type: 'refresh-settings' };

export interface SaveResult {
  ok: boolean;
  message: string;
}
