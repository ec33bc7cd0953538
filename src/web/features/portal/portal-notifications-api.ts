import type { PortalNoticeKind } from '../../../shared/portal-notifications';
import type { PortalNotificationSettings } from '../../../shared/schemas/portal-notifications';
import { call } from './portal-api';

/** The portal's e-mail notifications (docs/product/portal.md#notifications), through the portal's own fetch. */

/** GET /api/portal/notification-settings */
export const portalNotificationSettings = async () =>
  (await call<{ notifications: PortalNotificationSettings }>('GET', 'notification-settings')).notifications;

/** PUT /api/portal/notification-settings → the saved settings and the confirmation. */
export const savePortalNotificationSettings = (settings: PortalNotificationSettings) =>
  call<{ message: string; notifications: PortalNotificationSettings }>(
    'PUT',
    'notification-settings',
    settings,
  );

/** GET /api/portal/unsubscribe?token=… → what the link would turn off; changes nothing. */
export const unsubscribeLinkInfo = (token: string) =>
  call<{ kind: PortalNoticeKind; workspace: string }>(
    'GET',
    `unsubscribe?token=${encodeURIComponent(token)}`,
  );

/** POST /api/portal/unsubscribe {token} → the confirmation. */
export const unsubscribeWithLink = async (token: string) =>
  (await call<{ message: string }>('POST', 'unsubscribe', { token })).message;
