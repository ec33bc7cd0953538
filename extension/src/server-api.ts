import type { BotgitSettings, IngestResult } from '../../src/shared/schemas/botgit';
import { store } from './store';
import type { FoundProfile, SaveResult } from './types';

export const NOT_SIGNED_IN = 'Sign in to Botgit in its options first.';
const SESSION_ENDED = 'Your session has ended. Sign in again in the Botgit options.';
const NO_ACCESS = 'Your role has no access to Botgit. Ask your administrator.';
const UNREACHABLE = 'The server could not be reached. Check the server address in the Botgit options.';

async function request(path: string, init: RequestInit = {}): Promise<Response> {
  const session = await store.session();
  if (!session) throw new Error(NOT_SIGNED_IN);
  try {
    return await fetch(`${session.server}/api/${path}`, {
      ...init,
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${session.token}`,
        ...init.headers,
      },
    });
  } catch {
    throw new Error(UNREACHABLE);
  }
}

async function messageOf(response: Response, fallback: string): Promise<string> {
  const body = (await response.json().catch(() => null)) as { message?: string } | null;
  return body?.message || fallback;
}

/** POST /api/login from the options page: the token is kept, the password is not. */
export async function signIn(server: string, email: string, password: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`${server}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
  } catch {
    throw new Error(UNREACHABLE);
  }
  if (!response.ok) throw new Error(await messageOf(response, `Sign-in failed (HTTP ${response.status}).`));
  const { token } = (await response.json()) as { token: string };
  await store.setSession({ server, token, email: email.trim().toLowerCase() });
}

/** The workspace's Botgit settings, kept for auto-capture (GET /api/botgit/settings). */
export async function refreshSettings(): Promise<BotgitSettings | null> {
  const response = await request('botgit/settings');
  if (response.status === 401) await store.clearSession();
  if (!response.ok) return null;
  const { settings } = (await response.json()) as { settings: BotgitSettings };
  await store.setSettings(settings);
  return settings;
}

/** POST /api/scraped-data with one profile, answered in words for the popup and notifications. */
export async function saveProfile(profile: FoundProfile): Promise<SaveResult> {
  const { source: _source, ...fields } = profile;
  let response: Response;
  try {
    response = await request('scraped-data', { method: 'POST', body: JSON.stringify(fields) });
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
  if (response.status === 401) {
    await store.clearSession();
    return { ok: false, message: SESSION_ENDED };
  }
  if (response.status === 403) return { ok: false, message: NO_ACCESS };
  if (!response.ok)
    return { ok: false, message: await messageOf(response, `Saving failed (HTTP ${response.status}).`) };
  const result = (await response.json()) as IngestResult;
  const outcome = result.results[0];
  const who = profile.name || 'The profile';
  if (outcome?.status === 'created') return { ok: true, message: `${who} saved to Botgit.` };
  if (outcome?.status === 'updated') return { ok: true, message: `${who} was already in Botgit: updated.` };
  return {
    ok: false,
    message: outcome && 'message' in outcome ? outcome.message : 'The profile was not saved.',
  };
}
