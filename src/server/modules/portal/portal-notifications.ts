import type { Kysely, Transaction } from 'kysely';
import { PORTAL_MESSAGES, PORTAL_NOTICE_MESSAGES as M } from '../../../shared/messages';
import {
  PORTAL_NOTICE_KINDS,
  PORTAL_UNSUBSCRIBE_PATH,
  portalNoticePath,
  type PortalNotice,
  type PortalNoticeKind,
} from '../../../shared/portal-notifications';
import type { PortalNotificationSettings } from '../../../shared/schemas/portal-notifications';
import type { Database } from '../../db/types';
import type { PortalIdentity } from '../../auth/portal-guard';
import { HttpError, badRequest } from '../../http/errors';
import type { Mailer } from '../../mail/mailer';
import { enqueueMail } from '../../mail/outbox';
import { portalNoticeMail, type PortalNotifier } from '../../mail/portal-notice-mail';
import {
  accessForNotice,
  accessesForNotice,
  notificationsOffOf,
  replaceNotificationsOff,
} from './portal-notifications.repository';
import { signUnsubscribe, unsubscribeKeys, verifyUnsubscribe } from './portal-unsubscribe-token';

/** The kinds a stored list turns off; anything else in it (a hand edit, an old kind) is ignored. */
function kindsOff(stored: string | undefined): PortalNoticeKind[] {
  try {
    const parsed: unknown = JSON.parse(stored ?? '[]');
    return Array.isArray(parsed) ? PORTAL_NOTICE_KINDS.filter((kind) => parsed.includes(kind)) : [];
  } catch {
    return [];
  }
}

/**
 * E-mails a notice to each contact with portal access at the notice's client who has not turned its kind
 * off (docs/product/portal.md#notifications), but the one the document itself just went to, inside the
 * caller's transaction: the mails exist exactly when their cause was committed. They count against the
 * plan's e-mails a day like the invoice they announce, but never refuse their cause: past the day's limit
 * the rest of the notices are left out and the invoice, estimate or task change goes ahead. Sent through
 * the workspace's own set-up: this is the workspace's mail to its client. `siteName` is read by the caller
 * before its transaction (on SQLite the transaction holds the one connection).
 */
export async function notifyPortalContacts(
  trx: Transaction<Database>,
  mailer: Pick<Mailer, 'box' | 'link' | 'now'>,
  siteName: string,
  notice: PortalNotice,
): Promise<number> {
  const accesses = await accessesForNotice(trx, notice.workspaceId, notice.clientId);
  const keys = unsubscribeKeys(mailer.box);
  const link = mailer.link(portalNoticePath(notice.kind, notice.targetId), {});
  let sent = 0;
  const skip = notice.alreadyMailed?.trim().toLowerCase();
  for (const access of accesses) {
    if (access.email === skip || kindsOff(access.notifications_off).includes(notice.kind)) continue;
    if (
      !(await enqueueNotice(trx, () =>
        enqueueMail(
          trx,
          {
            workspaceId: notice.workspaceId,
            kind: 'portal-notice',
            via: 'workspace',
            to: access.email,
            ...portalNoticeMail(siteName, {
              subject: notice,
              name: access.name || access.email,
              workspaceName: access.workspace_name,
              link,
              unsubscribeLink: mailer.link(PORTAL_UNSUBSCRIBE_PATH, {
                token: signUnsubscribe(keys, access.id, notice.kind),
              }),
            }),
          },
          mailer.now(),
        ),
      ))
    )
      break;
    sent += 1;
  }
  return sent;
}

/** Queues one notice; false once the workspace's e-mails a day are used up (a 429 from the count). */
async function enqueueNotice(trx: Transaction<Database>, enqueue: () => Promise<unknown>): Promise<boolean> {
  try {
    await enqueue();
    return true;
  } catch (error) {
    // The count refuses before it writes anything, so the transaction is as it was.
    if (error instanceof HttpError && error.statusCode === 429) return false;
    throw error;
  }
}

const settingsOf = (off: PortalNoticeKind[]): PortalNotificationSettings => ({
  invoice: !off.includes('invoice'),
  estimate: !off.includes('estimate'),
  'task-approval': !off.includes('task-approval'),
  comment: !off.includes('comment'),
});

/** The portal's notification settings and the unsubscribe links of its notices. */
export function createPortalNotifications(deps: { db: Kysely<Database>; mailer: Mailer }) {
  const { db, mailer } = deps;
  const keys = () => unsubscribeKeys(mailer.box);

  /** Changes an access's list with `change`, again on a lost race; answers the new list. */
  async function updateOff(
    accessId: string,
    read: () => Promise<string | undefined>,
    change: (off: PortalNoticeKind[]) => PortalNoticeKind[],
  ): Promise<PortalNoticeKind[] | null> {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const before = await read();
      if (before === undefined) return null;
      const next = change(kindsOff(before));
      const after = JSON.stringify(PORTAL_NOTICE_KINDS.filter((kind) => next.includes(kind)));
      if (after === before || (await replaceNotificationsOff(db, accessId, before, after))) return next;
    }
    throw new HttpError(409, M.settingsConflict);
  }

  /** The access and kind of a valid link, or 400 with one answer for forged, altered and removed. */
  async function linkTarget(token: string) {
    const named = verifyUnsubscribe(keys(), token);
    const access = named && (await accessForNotice(db, named.accessId));
    if (!named || !access) throw badRequest(M.unsubscribeInvalid);
    return { access, kind: named.kind };
  }

  const notifier: PortalNotifier = {
    siteName: () => mailer.siteName(),
    notify: (trx, siteName, notice) => notifyPortalContacts(trx, mailer, siteName, notice),
    sendSoon: () => mailer.worker.kick(),
  };

  return {
    notifier,

    /** GET /api/portal/notification-settings */
    async settings(portal: PortalIdentity): Promise<PortalNotificationSettings> {
      return settingsOf(kindsOff(await notificationsOffOf(db, portal)));
    },

    /** PUT /api/portal/notification-settings: each kind on or off. */
    async saveSettings(
      portal: PortalIdentity,
      wanted: PortalNotificationSettings,
    ): Promise<PortalNotificationSettings> {
      const off = await updateOff(
        portal.accessId,
        () => notificationsOffOf(db, portal),
        () => PORTAL_NOTICE_KINDS.filter((kind) => !wanted[kind]),
      );
      // Removed between the guard's read and this one: as if it had been removed before.
      if (!off) throw new HttpError(401, PORTAL_MESSAGES.sessionEnded);
      return settingsOf(off);
    },

    /** GET /api/portal/unsubscribe?token=…: what the link would turn off. Changes nothing (mail scanners). */
    async unsubscribeInfo(token: string) {
      const { access, kind } = await linkTarget(token);
      return { kind, workspace: access.workspace_name };
    },

    /** POST /api/portal/unsubscribe: turns the link's one kind off for the link's one access. */
    async unsubscribe(token: string): Promise<PortalNoticeKind> {
      const { access, kind } = await linkTarget(token);
      const read = async () => (await accessForNotice(db, access.id))?.notifications_off;
      if (!(await updateOff(access.id, read, (off) => [...off, kind])))
        throw badRequest(M.unsubscribeInvalid);
      return kind;
    },
  };
}

export type PortalNotifications = ReturnType<typeof createPortalNotifications>;
