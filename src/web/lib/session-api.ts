/** The signed-in session's own requests: who it is (the session and its permission poll) and its end. */
import { api } from './api-client';
import { storage } from './storage';
import type { PublicUser } from '../../shared/schemas/public-user';

/** The last profile read and its validator: an unchanged profile comes back as a bodiless 304. */
let lastProfile: { etag: string; user: PublicUser } | null = null;

/**
 * GET /api/profile, conditional on the last answer: the 30 s permission poll then costs a few hundred bytes
 * instead of resending an unchanged profile image (up to ~1.4 MB).
 */
export async function fetchProfile(): Promise<PublicUser> {
  const known = lastProfile;
  const response = await api.get<{ user?: PublicUser } & Partial<PublicUser>>('profile', {
    headers: known ? { 'If-None-Match': known.etag } : {},
    validateStatus: (status) => (status >= 200 && status < 300) || status === 304,
  });
  if (response.status === 304 && known) return known.user;
  const user = (response.data.user ?? response.data) as PublicUser;
  const etag = response.headers.etag as string | undefined;
  lastProfile = etag ? { etag, user } : null;
  return user;
}

/** How long sign-out waits for the server before signing out on this device all the same. */
const LOGOUT_WAIT_MS = 3000;

/**
 * POST /api/logout (docs/product/auth.md#sessions-on-the-server): the server ends this session, so its token answers 401 from then on. Called
 * before the local session is cleared, with its token; never throws and waits at most a few seconds: a
 * failure (no network, a 401 for a session already ended) never stops signing out on this device.
 */
export async function endServerSession(): Promise<void> {
  const token = storage.getToken();
  if (!token) return;
  try {
    await api.post('logout', undefined, {
      headers: { Authorization: `Bearer ${token}` },
      timeout: LOGOUT_WAIT_MS,
      keepPageOn401: true,
    });
  } catch (error) {
    console.warn('The server could not end the session; signed out on this device.', error);
  }
}
