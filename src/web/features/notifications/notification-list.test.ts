import { describe, expect, it } from 'vitest';
import {
  markAllRead,
  markRead,
  prepend,
  remove,
  timeAgo,
  unreadBadge,
  type AppNotification,
} from './notification-list';

const make = (id: string): AppNotification => ({
  id,
  type: 'info',
  title: id,
  message: '',
  timestamp: new Date(0).toISOString(),
  read: false,
});

describe('notification list (docs/product/dashboard.md#notifications)', () => {
  it('puts the newest first and keeps at most 10', () => {
    let list: AppNotification[] = [];
    for (let i = 1; i <= 12; i++) list = prepend(list, make(String(i)));
    expect(list.map((n) => n.id)).toEqual(['12', '11', '10', '9', '8', '7', '6', '5', '4', '3']);
  });
  it('marks one or all read and removes', () => {
    const list = [make('a'), make('b')];
    expect(markRead(list, 'a').map((n) => n.read)).toEqual([true, false]);
    expect(markAllRead(list).every((n) => n.read)).toBe(true);
    expect(remove(list, 'a').map((n) => n.id)).toEqual(['b']);
  });
  it("caps the unread badge at '99+'", () => {
    expect(unreadBadge(99)).toBe('99');
    expect(unreadBadge(100)).toBe('99+');
  });
  it('writes times as the spec says', () => {
    const now = Date.parse('2026-11-21T12:00:00Z');
    expect(timeAgo('2026-11-21T11:59:30Z', now)).toBe('Just now');
    expect(timeAgo('2026-11-21T11:15:00Z', now)).toBe('45m ago');
    expect(timeAgo('2026-11-21T01:00:00Z', now)).toBe('11h ago');
    expect(timeAgo('2026-11-19T12:00:00Z', now)).toBe(new Date('2026-11-19T12:00:00Z').toLocaleDateString());
  });
});
