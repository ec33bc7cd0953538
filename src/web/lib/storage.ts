import type { PublicUser } from '../../shared/schemas/public-user';

/**
 * Local storage keys (docs/product/auth.md#session-in-the-browser): 'token' and 'user'. "Remember me" keeps them in localStorage; otherwise
 * they live in sessionStorage and end with the browser tab.
 */
const TOKEN_KEY = 'token';
const USER_KEY = 'user';
/**
 * Copies of what the signed-in account was shown, removed with its session (docs/product/auth.md#session-in-the-browser): the users list
 * ('usersData', docs/product/users.md#users-and-roles). Two per-user keys stay on purpose: the notifications list (docs/product/dashboard.md#notifications keeps it
 * locally *per user*, under a key with the user's id, so it is read back by that user only at their next
 * sign-in and is nobody else's to see) and unsaved local copies of posts (also keyed and checked by user
 * id: a session that expires mid-edit must not throw the author's words away).
 */
const USER_CACHE_KEYS = ['usersData'];

const stores = (): Storage[] =>
  typeof window === 'undefined' ? [] : [window.localStorage, window.sessionStorage];

function read(key: string): string | null {
  for (const store of stores()) {
    const value = store.getItem(key);
    if (value !== null) return value;
  }
  return null;
}

/**
 * Writes a copy kept only to show something sooner (cached lists, notifications, the stored user): when the
 * browser's storage is full (large avatars add up) the write is skipped rather than failing the caller.
 */
export function keepIfRoom(store: Storage, key: string, value: unknown): void {
  try {
    store.setItem(key, JSON.stringify(value));
  } catch {
    // QuotaExceededError or storage disabled: the copy is optional.
  }
}

export const storage = {
  getToken: (): string | null => read(TOKEN_KEY),

  getUser(): PublicUser | null {
    const raw = read(USER_KEY);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as PublicUser;
    } catch {
      return null;
    }
  },

  saveSession(token: string, user: PublicUser, remember: boolean): void {
    this.clearSession();
    const store = remember ? window.localStorage : window.sessionStorage;
    store.setItem(TOKEN_KEY, token);
    store.setItem(USER_KEY, JSON.stringify(user));
  },

  /** Refreshes the stored user wherever the session lives. */
  updateUser(user: PublicUser): void {
    const store = stores().find((s) => s.getItem(TOKEN_KEY) !== null);
    if (store) keepIfRoom(store, USER_KEY, user);
  },

  removeToken(): void {
    for (const store of stores()) store.removeItem(TOKEN_KEY);
  },

  /** Sign-out, a 401, or another sign-in: the session and the account's cached copies go. */
  clearSession(): void {
    for (const store of stores()) {
      store.removeItem(TOKEN_KEY);
      store.removeItem(USER_KEY);
      for (const key of USER_CACHE_KEYS) store.removeItem(key);
    }
  },
};
