import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { PublicUser } from '../../shared/schemas/public-user';
import { isHttpError } from './api-client';
import { storage } from './storage';
import { fetchProfile } from './session-api';

/**
 * Session states (docs/product/auth.md#session-in-the-browser). 'checking' is also what the server renders, so hydration always matches;
 * 'offline' is a stored token whose profile could not be fetched for want of a connection.
 */
export type SessionStatus = 'checking' | 'signed-in' | 'signed-out' | 'offline';

interface SessionValue {
  status: SessionStatus;
  user: PublicUser | null;
  signIn(token: string, user: PublicUser, remember: boolean): void;
  signOut(): void;
  /** Re-reads the current user from the server (used after a network failure and by the permission poll). */
  refresh(): Promise<void>;
  /** Replaces the current user with what the server answered after an edit (stored too). */
  replaceUser(user: PublicUser): void;
}

const SessionContext = createContext<SessionValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<SessionStatus>('checking');
  const [user, setUser] = useState<PublicUser | null>(null);

  const queryClient = useQueryClient();
  const clearCacheAfterSignOut = useRef(false);

  const signOut = useCallback(() => {
    storage.clearSession();
    clearCacheAfterSignOut.current = true;
    setUser(null);
    setStatus('signed-out');
  }, []);

  // Every answer fetched for the account (users, leads, posts…) goes with it, so the next person at this
  // browser starts from nothing (docs/product/auth.md#session-in-the-browser). Once the signed-out state is on screen: the account's pages
  // have gone by then, and none of their queries asks again without a token.
  useEffect(() => {
    if (status !== 'signed-out' || !clearCacheAfterSignOut.current) return;
    clearCacheAfterSignOut.current = false;
    queryClient.clear();
  }, [status, queryClient]);

  const refresh = useCallback(async () => {
    const hadUser = storage.getUser() !== null;
    try {
      const fresh = await fetchProfile();
      storage.updateUser(fresh);
      setUser(fresh);
      setStatus('signed-in');
    } catch (error) {
      // docs/product/auth.md#session-in-the-browser: only a 401 ends the session (the client's interceptor has cleared it and gone to
      // /login). A 5xx, a 429 or no answer is logged and tried again at the next check.
      if (isHttpError(error) && error.response?.status === 401) {
        signOut();
        return;
      }
      console.warn('The profile check failed; the session stays and is checked again later.', error);
      // Keep a stored user working; with only a token there is nothing to show yet.
      if (!hadUser) setStatus('offline');
    }
  }, [signOut]);

  useEffect(() => {
    const token = storage.getToken();
    const stored = storage.getUser();
    if (token && stored) {
      setUser(stored);
      setStatus('signed-in');
      void refresh();
    } else if (token) {
      void refresh();
    } else {
      setStatus('signed-out');
    }
  }, [refresh]);

  const signIn = useCallback((token: string, next: PublicUser, remember: boolean) => {
    storage.saveSession(token, next, remember);
    setUser(next);
    setStatus('signed-in');
  }, []);

  const replaceUser = useCallback((next: PublicUser) => {
    storage.updateUser(next);
    setUser(next);
  }, []);

  const value = useMemo(
    () => ({ status, user, signIn, signOut, refresh, replaceUser }),
    [status, user, signIn, signOut, refresh, replaceUser],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}
