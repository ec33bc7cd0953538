import { useEffect, useRef, useState } from 'react';
import { Bell, CheckCheck, CheckCircle2, Info, ShieldCheck, Trash2, X } from 'lucide-react';
import { NOTIFICATION_MESSAGES } from '../../../shared/messages';
import { cn } from '../ui/cn';
import { unreadBadge, type AppNotification } from '../../lib/notification-list';
import { timeAgo } from '../../lib/time-ago';
import { useNotifications } from '../../lib/notifications-context';

const ICONS = { shield: ShieldCheck, info: Info, success: CheckCircle2, bell: Bell } as const;

/** Bell (docs/product/dashboard.md#notifications): header, mark-all-read, close, list with per-item remove, 'No notifications', '99+'. */
export function NotificationBell() {
  const { items, unread, markRead, markAllRead, remove } = useNotifications();
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div ref={container} className="relative">
      <button
        type="button"
        aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
        className="relative rounded-full p-2 text-muted hover:bg-slate-100 hover:text-ink"
      >
        <Bell className="size-5" aria-hidden />
        {unread > 0 && (
          <span
            data-testid="unread-count"
            className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] font-bold leading-5 text-white"
          >
            {unreadBadge(unread)}
          </span>
        )}
      </button>
      {open && (
        <div
          role="dialog"
          aria-label="Notifications"
          className="absolute right-0 z-40 mt-2 w-[min(22rem,calc(100vw-2rem))] overflow-hidden rounded-xl border border-line bg-white shadow-xl"
        >
          <div className="flex items-center justify-between border-b border-line px-4 py-3">
            <h2 className="text-sm font-semibold">Notifications</h2>
            <div className="flex items-center gap-1">
              <button
                type="button"
                onClick={markAllRead}
                className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-medium text-brand-700 hover:bg-brand-50"
              >
                <CheckCheck className="size-4" aria-hidden />
                Mark all as read
              </button>
              <button
                type="button"
                aria-label="Close notifications"
                onClick={() => setOpen(false)}
                className="rounded-md p-1 text-muted hover:bg-slate-100"
              >
                <X className="size-4" aria-hidden />
              </button>
            </div>
          </div>
          {items.length === 0 ? (
            <p className="px-4 py-8 text-center text-sm text-muted">{NOTIFICATION_MESSAGES.empty}</p>
          ) : (
            <ul className="max-h-96 divide-y divide-line overflow-y-auto">
              {items.map((item) => (
                <NotificationRow
                  key={item.id}
                  item={item}
                  onRead={() => markRead(item.id)}
                  onRemove={() => remove(item.id)}
                />
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

function NotificationRow({
  item,
  onRead,
  onRemove,
}: {
  item: AppNotification;
  onRead(): void;
  onRemove(): void;
}) {
  const Icon = ICONS[item.icon ?? 'bell'] ?? Bell;
  return (
    <li className={cn('flex gap-3 px-4 py-3', !item.read && 'bg-brand-50/60')}>
      <Icon className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden />
      <button type="button" onClick={onRead} className="min-w-0 flex-1 text-left">
        <p className={cn('text-sm', item.read ? 'text-ink' : 'font-semibold text-ink')}>{item.title}</p>
        {item.message && <p className="mt-0.5 text-xs text-muted">{item.message}</p>}
        <p className="mt-1 text-xs text-muted">{timeAgo(item.timestamp)}</p>
      </button>
      <button
        type="button"
        aria-label={`Remove notification: ${item.title}`}
        onClick={onRemove}
        className="self-start rounded-md p-1 text-muted hover:bg-slate-100 hover:text-red-700"
      >
        <Trash2 className="size-4" aria-hidden />
      </button>
    </li>
  );
}
