import axios from 'axios';
import { HTTP_TIMEOUT_MS } from '../../shared/constants';
import { IDENTITY_MESSAGES } from '../../shared/messages/sessions';
import { confirmIdentity } from './identity-confirmation';
import { storage } from './storage';

declare module 'axios' {
  interface AxiosRequestConfig {
    /**
     * A 401 to this request is its own answer: the session is not cleared and the page stays (sign-out's
     * own call to the server, whose session may have ended already).
     */
    keepPageOn401?: boolean;
    /** Sent again after the password was confirmed: a second refusal is final. */
    identityConfirmed?: boolean;
  }
}

/** docs/product/api.md#client: the API's base address, {host}/api/ (the few fetch() calls that bypass axios use it too). */
export const API_BASE = '/api/';

/** docs/product/api.md#client: one shared client, base {host}/api/, 10 s time-out, JSON, bearer token from storage. */
export function createApiInstance() {
  const instance = axios.create({
    baseURL: API_BASE,
    timeout: HTTP_TIMEOUT_MS,
    headers: { 'Content-Type': 'application/json' },
  });

  instance.interceptors.request.use((config) => {
    const token = storage.getToken();
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    return config;
  });

  /** docs/product/auth.md#session-in-the-browser: any 401 deletes the token and sends the whole page to /login, still passing the error on. */
  instance.interceptors.response.use(
    (response) => response,
    async (error: unknown) => {
      if (axios.isAxiosError(error) && error.response) await readJsonBlobBody(error.response);
      // docs/security.md#lasting-credentials: the password again, then the same call once more.
      if (
        axios.isAxiosError(error) &&
        error.config &&
        !error.config.identityConfirmed &&
        error.response?.status === 403 &&
        (error.response.data as { message?: unknown } | undefined)?.message === IDENTITY_MESSAGES.required &&
        (await confirmIdentity())
      )
        return instance.request({ ...error.config, identityConfirmed: true });
      if (
        axios.isAxiosError(error) &&
        error.response?.status === 401 &&
        !error.config?.keepPageOn401 &&
        !sentForAnEndedSession(error.config?.headers?.Authorization)
      ) {
        storage.clearSession();
        // On /login itself a reload would wipe the error the user needs to read.
        if (window.location.pathname !== '/login') window.location.assign('/login');
      }
      return Promise.reject(error);
    },
  );
  return instance;
}

/**
 * A request that went out with a session signed out (or replaced) since: its 401 is about that old session
 * and must not clear the current state nor leave the page (a list still loading while Logout runs).
 */
function sentForAnEndedSession(authorization: unknown): boolean {
  const sent = typeof authorization === 'string' ? authorization.replace(/^Bearer /, '') : '';
  return sent !== '' && sent !== storage.getToken();
}

/**
 * A download asked for as a blob (CSV exports) gets its refusal as a blob too: read the JSON `{ message }`
 * out of it, so `serverMessage` shows the server's words (a 429 "two exports already running") rather
 * than a generic failure.
 */
export async function readJsonBlobBody(response: { data: unknown; headers: unknown }): Promise<void> {
  const type = String((response.headers as Record<string, unknown> | undefined)?.['content-type'] ?? '');
  if (!(response.data instanceof Blob) || !type.includes('application/json')) return;
  try {
    response.data = JSON.parse(await response.data.text());
  } catch {
    // Not JSON after all: the caller's fallback text stands.
  }
}
