import { describe, expect, it } from 'vitest';
import { keepIfRoom } from './storage';

/** A Storage whose quota is `room` characters of values, like a browser's. */
function storeWithRoom(room: number): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem(key, value) {
      const used = [...items].reduce((sum, [k, v]) => sum + (k === key ? 0 : v.length), 0);
      if (used + value.length > room) throw new DOMException('full', 'QuotaExceededError');
      items.set(key, value);
    },
  };
}

describe('keepIfRoom', () => {
  it('stores the value as JSON when it fits', () => {
    const store = storeWithRoom(100);
    keepIfRoom(store, 'usersData', [{ id: 1 }]);
    expect(store.getItem('usersData')).toBe('[{"id":1}]');
  });

  it('skips the copy instead of throwing when storage is full', () => {
    const store = storeWithRoom(10);
    expect(() => keepIfRoom(store, 'usersData', ['x'.repeat(50)])).not.toThrow();
    expect(store.getItem('usersData')).toBeNull();
  });
});
