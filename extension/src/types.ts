/** What the content script finds on a page: the spec §3 fields of a scraped profile. */
export interface FoundProfile {
  profileUrl: string;
  name: string;
  email: string;
  phone: string;
  role: string;
  location: string;
  /** Where the fields came from, shown in the popup. */
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
