import { describe, expect, it } from 'vitest';
import {
  markAllRead,
  markRead,
  prepend,
  remove,
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
});
