import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useSession } from './session';
import * as list from './notification-list';
import type { AppNotification } from './notification-list';
import { keepIfRoom } from './storage';
import { api } from './api-client';
import type { UserNotification } from '../../shared/schemas/notifications';

/** How often the bell asks the server for what happened elsewhere (a lead assigned, a follow-up due). */
const SERVER_POLL_MS = 30_000;

interface NotificationsValue {
  items: AppNotification[];
  unread: number;
  notify(item: Omit<AppNotification, 'id' | 'timestamp' | 'read'>): void;
  markRead(id: string): void;
  markAllRead(): void;
  remove(id: string): void;
}

const NotificationsContext = createContext<NotificationsValue | null>(null);

function load(userId: string): AppNotification[] {
  try {
    return JSON.parse(window.localStorage.getItem(list.storageKey(userId)) ?? '[]') as AppNotification[];
  } catch {
    return [];
  }
}

/** The signed-in user's notifications, kept in local storage under a per-user key (docs/product/dashboard.md#notifications). */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const userId = user?._id ?? null;
  const [items, setItems] = useState<AppNotification[]>([]);

  // Signed out, an empty list stays the same array: no re-render of every reader at start.
  useEffect(() => setItems((current) => (userId ? load(userId) : current.length ? [] : current)), [userId]);

  // What the server holds for this user (docs/product/leads.md#owners-and-follow-ups): each notification
  // is answered once, to one browser, and joins the list kept here under its own id. The access rules
  // (with the role and section tables) load only once someone is signed in, never with a public page.
  const [askingFor, setAskingFor] = useState<string | null>(null);
  useEffect(() => {
    if (!user) return;
    let current = true;
    void import('../../shared/access').then(({ isKeptOutOfDashboard }) => {
      if (current) setAskingFor(isKeptOutOfDashboard(user) ? null : user._id);
    });
    return () => {
      current = false;
    };
  }, [user]);
  const mayAsk = userId !== null && askingFor === userId;
  useEffect(() => {
    if (!userId || !mayAsk) return;
    let stopped = false;
    const take = async () => {
      try {
        const { data } = await api.post<{ notifications: UserNotification[] }>('notifications/claim');
        if (stopped || data.notifications.length === 0) return;
        setItems((current) => {
          let next = current;
          for (const n of data.notifications)
            if (!next.some((item) => item.id === n.id))
              next = list.prepend(next, {
                id: n.id,
                type: n.kind,
                title: n.title,
                message: n.message,
                timestamp: n.createdAt,
                read: false,
                icon: 'bell',
              });
          keepIfRoom(window.localStorage, list.storageKey(userId), next);
          return next;
        });
      } catch {
        // Offline or signed out meanwhile: the next look tries again.
      }
    };
    void take();
    const timer = window.setInterval(() => void take(), SERVER_POLL_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [userId, mayAsk]);

  const update = useCallback(
    (change: (current: AppNotification[]) => AppNotification[]) => {
      if (!userId) return;
      setItems((current) => {
        const next = change(current);
        keepIfRoom(window.localStorage, list.storageKey(userId), next);
        return next;
      });
    },
    [userId],
  );

  const value = useMemo<NotificationsValue>(
    () => ({
      items,
      unread: items.filter((n) => !n.read).length,
      notify: (item) =>
        update((current) =>
          list.prepend(current, {
            ...item,
            id: crypto.randomUUID(),
            timestamp: new Date().toISOString(),
            read: false,
          }),
        ),
      markRead: (id) => update((current) => list.markRead(current, id)),
      markAllRead: () => update(list.markAllRead),
      remove: (id) => update((current) => list.remove(current, id)),
    }),
    [items, update],
  );
  return <NotificationsContext.Provider value={value}>{children}</NotificationsContext.Provider>;
}

export function useNotifications(): NotificationsValue {
  const value = useContext(NotificationsContext);
  if (!value) throw new Error('useNotifications must be used inside <NotificationsProvider>');
  return value;
}
