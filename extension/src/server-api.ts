import type { BotgitSettings, IngestResult } from '../../src/shared/schemas/botgit';
import type { BotgitConnectClaimAnswer, BotgitConnectStartAnswer } from '../../src/shared/schemas/api-keys';
import { store } from './store';
import type { FoundProfile, PendingConnection, SaveResult } from './types';

export const NOT_CONNECTED = 'Connect Botgit to AgencyHQ in its options first.';
const KEY_ENDED = 'Botgit was disconnected from AgencyHQ. Connect it again in the Botgit options.';
const NO_ACCESS = 'Your role has no access to Botgit. Ask your administrator.';
const UNREACHABLE = 'The server could not be reached. Check the server address in the Botgit options.';

/** A call with Botgit's key, which can only save profiles and read Botgit Settings. */
async function request(path: string, init: RequestInit = {}): Promise<Response> {
  const session = await store.session();
  if (!session) throw new Error(NOT_CONNECTED);
  try {
    return await fetch(`${session.server}/api/${path}`, {
      ...init,
      headers: {
        // A body-less call (the disconnect) must not claim a JSON body.
        ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        Authorization: `Bearer ${session.key}`,
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

async function post(server: string, path: string, body: unknown): Promise<Response> {
  try {
    return await fetch(`${server}/api/${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw new Error(UNREACHABLE);
  }
}

/** POST /api/botgit/connect: the request's one-time code, for the SHA-256 of a verifier kept here. */
export async function startConnection(server: string, challenge: string): Promise<BotgitConnectStartAnswer> {
  const response = await post(server, 'botgit/connect', { challenge });
  if (!response.ok)
    throw new Error(await messageOf(response, `Connecting failed (HTTP ${response.status}).`));
  return (await response.json()) as BotgitConnectStartAnswer;
}

/** POST /api/botgit/connect/claim with the verifier: waiting, the key (once), or refused. */
export async function claimConnection(
  pending: PendingConnection,
): Promise<{ status: 'pending' } | BotgitConnectClaimAnswer | { status: 'failed'; message: string }> {
  const response = await post(pending.server, 'botgit/connect/claim', {
    code: pending.code,
    verifier: pending.verifier,
  });
  if (response.status === 202) return { status: 'pending' };
  if (!response.ok)
    return {
      status: 'failed',
      message: await messageOf(response, `Connecting failed (HTTP ${response.status}).`),
    };
  return (await response.json()) as BotgitConnectClaimAnswer;
}

/** DELETE /api/botgit/connect: the key revokes itself on the server; forgotten here whatever the answer. */
export async function disconnect(): Promise<void> {
  await request('botgit/connect', { method: 'DELETE' }).catch(() => undefined);
  await store.clearSession();
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
    return { ok: false, message: KEY_ENDED };
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
