import type { ScrapedProfileInput } from '../../src/shared/schemas/botgit';

/** What the content script finds on a page: the fields the server takes, and where they came from. */
export interface FoundProfile extends ScrapedProfileInput {
  /** Shown in the popup. */
  source: 'json-ld' | 'microdata' | 'open-graph' | 'page';
}

/** Where Botgit is connected, and the key AgencyHQ handed it (scope `scraped-data:write` only). */
export interface Session {
  server: string;
  key: string;
  /** Shown in the options and the popup: who approved the connection, and their workspace. */
  email: string;
  workspaceName: string;
}

/** A connection waiting for the user's approval in AgencyHQ: the verifier never leaves this browser. */
export interface PendingConnection {
  server: string;
  code: string;
  verifier: string;
  expiresAt: string;
}

export type ConnectState =
  | { status: 'connected'; email: string; workspaceName: string; server: string }
  | { status: 'pending' }
  | { status: 'none' }
  | { status: 'failed'; message: string };

/** Messages between the content script, the popup, the options page and the service worker. */
export type Message =
  | { type: 'profile-found'; profile: FoundProfile | null }
  | { type: 'save'; tabId: number }
  | { type: 'connect-start'; server: string }
  | { type: 'connect-poll' }
  | { type: 'connect-cancel' }
  | { type: 'connect-page'; code: string }
  | { type: 'connect-approved'; code: string }
  | { type: 'disconnect' }
  | { type: 'refresh-settings' };

export interface SaveResult {
  ok: boolean;
  message: string;
}
