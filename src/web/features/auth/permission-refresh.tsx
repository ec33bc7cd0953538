import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { PERMISSION_POLL_INTERVAL_MS, PERMISSION_POLL_OVERRIDE_KEY } from '../../../shared/constants';
import { USERS_MESSAGES } from '../../../shared/messages';
import type { PublicUser } from '../../../shared/schemas/public-user';
import { useNotifications } from '../../lib/notifications-context';
import { useSession } from '../../lib/session';

function pollInterval(): number {
  const override = Number(window.localStorage.getItem(PERMISSION_POLL_OVERRIDE_KEY));
  return override > 0 ? override : PERMISSION_POLL_INTERVAL_MS;
}

/** Role plus permissions, in a stable order, so a reordered map is not a change. */
function fingerprint(user: PublicUser): string {
  const entries = Object.entries(user.permissions ?? {}).sort(([a], [b]) => a.localeCompare(b));
  return `${user._id}|${user.role}|${JSON.stringify(entries)}`;
}

/**
 * Permission refresh (docs/product/roles-and-access.md#permission-refresh): while signed in, re-read the profile every 30 s; when role or permissions
 * differ from the last snapshot, toast, refresh the users list and add a notification. The session
 * itself stores the fresh user, which re-renders the sidebar.
 */
export function PermissionRefresh() {
  const { status, user, refresh } = useSession();
  const { notify } = useNotifications();
  const queryClient = useQueryClient();
  const snapshot = useRef<string | null>(null);

  useEffect(() => {
    if (status !== 'signed-in' || !user) {
      snapshot.current = null;
      return;
    }
    const current = fingerprint(user);
    const sameUser = snapshot.current?.startsWith(`${user._id}|`);
    if (sameUser && snapshot.current !== current) {
      toast.success(USERS_MESSAGES.permissionsChangedTitle, {
        description: USERS_MESSAGES.permissionsChangedDescription,
        duration: 5000,
      });
      notify({
        type: 'permission_update',
        title: USERS_MESSAGES.permissionsChangedTitle,
        message: USERS_MESSAGES.permissionsChangedDescription,
        icon: 'shield',
      });
      void queryClient.invalidateQueries({ queryKey: ['users'] });
    }
    snapshot.current = current;
  }, [status, user, notify, queryClient]);

  useEffect(() => {
    if (status !== 'signed-in') return;
    const timer = setInterval(() => void refresh(), pollInterval());
    return () => clearInterval(timer);
  }, [status, refresh]);

  return null;
}
