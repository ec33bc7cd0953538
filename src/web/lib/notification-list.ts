import { NOTIFICATIONS_CAP, UNREAD_BADGE_CAP } from '../../shared/constants';

/** Notification (docs/product/dashboard.md#notifications), kept in local storage per user. */
export interface AppNotification {
  id: string;
  type: string;
  title: string;
  message: string;
  timestamp: string;
  read: boolean;
  icon?: 'shield' | 'info' | 'success' | 'bell';
}

/** A new notification goes to the front; at most 10 are kept (docs/product/dashboard.md#notifications). */
export function prepend(list: AppNotification[], item: AppNotification): AppNotification[] {
  return [item, ...list].slice(0, NOTIFICATIONS_CAP);
}

export const markRead = (list: AppNotification[], id: string) =>
  list.map((n) => (n.id === id ? { ...n, read: true } : n));
export const markAllRead = (list: AppNotification[]) => list.map((n) => ({ ...n, read: true }));
export const remove = (list: AppNotification[], id: string) => list.filter((n) => n.id !== id);

/** The unread counter shows '99+' above 99. */
export function unreadBadge(count: number): string {
  return count > UNREAD_BADGE_CAP ? `${UNREAD_BADGE_CAP}+` : String(count);
}

export function storageKey(userId: string): string {
  return `notifications_${userId}`;
}
