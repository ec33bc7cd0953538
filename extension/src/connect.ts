import { BOTGIT_CONNECT } from '../../src/shared/api-keys';
import { claimConnection, refreshSettings, startConnection } from './server-api';
import { store } from './store';
import type { ConnectState, Session } from './types';

const EXPIRED = 'The connection request expired. Press Connect Botgit again.';

const base64url = (bytes: ArrayBuffer | Uint8Array) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

const connected = (session: Session): ConnectState => ({
  status: 'connected',
  email: session.email,
  workspaceName: session.workspaceName,
  server: session.server,
});

/**
 * Connecting Botgit (docs/product/integrations.md#connect-botgit): a verifier that never leaves this
 * browser and its SHA-256 (PKCE S256); the server answers a one-time code, and the approval page opens on
 * it. Returns the page's address.
 */
export async function beginConnection(server: string): Promise<string> {
  const verifier = base64url(crypto.getRandomValues(new Uint8Array(32)));
  const challenge = base64url(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
  const { code, expiresAt } = await startConnection(server, challenge);
  await store.setPending({ server, code, verifier, expiresAt });
  return `${server}${BOTGIT_CONNECT.path}?code=${encodeURIComponent(code)}`;
}

/** Whether a page of `url` showing `code` is the approval page of this browser's own waiting request. */
export async function isOwnApprovalPage(url: string | undefined, code: string): Promise<boolean> {
  const pending = await store.pending();
  if (!pending || !url || pending.code !== code || Date.parse(pending.expiresAt) <= Date.now()) return false;
  const page = new URL(url);
  return page.origin === pending.server && page.pathname === BOTGIT_CONNECT.path;
}

async function claim(): Promise<ConnectState> {
  const pending = await store.pending();
  const session = await store.session();
  if (!pending) return session ? connected(session) : { status: 'none' };
  if (Date.parse(pending.expiresAt) <= Date.now()) {
    await store.clearPending();
    return { status: 'failed', message: EXPIRED };
  }
  const answer = await claimConnection(pending);
  if (answer.status === 'pending') return answer;
  await store.clearPending();
  if (answer.status === 'failed') return answer;
  const made: Session = {
    server: pending.server,
    key: answer.key,
    email: answer.user.email,
    workspaceName: answer.workspaceName,
  };
  await store.setSession(made);
  await refreshSettings().catch(() => null);
  return connected(made);
}

let claiming: Promise<ConnectState> | null = null;
/** One claim at a time: the options page's polling and the approval page's word may arrive together. */
export function claimOnce(): Promise<ConnectState> {
  claiming ??= claim()
    .catch((error: Error): ConnectState => ({ status: 'failed', message: error.message }))
    .finally(() => (claiming = null));
  return claiming;
}
