import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { PORTAL_MESSAGES as M, CLIENT_MESSAGES } from '../../../shared/messages';
import { PORTAL, PORTAL_SIGN_IN_PATH } from '../../../shared/portal';
import { siteImagePath, type SiteSettings } from '../../../shared/site-settings';
import type { PortalBrand, PortalContact, PortalIdentityView } from '../../../shared/schemas/portal';
import { AGENCY_WORKSPACE_ID } from '../../../shared/workspace-deletion';
import type { Database, SessionUser } from '../../db/types';
import { hashToken, newOneTimeToken } from '../../auth/one-time-token';
import type { PortalIdentity, PortalSessionStore } from '../../auth/portal-guard';
import { HttpError, badRequest, notFound } from '../../http/errors';
import { afterAnswer } from '../../lib/after-answer';
import type { Limiter } from '../../limits/limiter';
import type { LimitStore } from '../../limits/limit-store';
import { addressKey } from '../../limits/address-key';
import type { Mailer } from '../../mail/mailer';
import { enqueueMail } from '../../mail/outbox';
import { portalInvitationMail, portalSignInMail } from '../../mail/templates';
import { recordActivity } from '../activity/activity.service';
import { contactsOf, findClient, recordClientPortalEvent } from '../clients/clients.service';
import {
  accessWithClientById,
  accessesByEmail,
  accessesOfClient,
  deleteAccess,
  deletePortalSession,
  deleteSessionsOfAccess,
  findAccess,
  findAccessByEmail,
  findPortalSession,
  insertAccess,
  insertLinks,
  insertSession,
  markSignIn,
  redeemLink,
  touchPortalSession,
  type AccessWithClient,
} from './portal.repository';

export interface PortalLimits {
  /** Sign-in requests per client address: 429 past it, decided before answering. */
  perIp: Limiter;
  /** Sign-in mails per e-mail address: past it nothing more is sent, and the answer is the same. */
  perEmail: Limiter;
  /** Links tried per client address. */
  redeemPerIp: Limiter;
  /** Invitations staff send per client. */
  invitationsPerClient: Limiter;
}

/** The portal's limits in the shared store; the per-address ones raised by the multiplier like the others. */
export function portalLimits(store: LimitStore, multiplier = 1): PortalLimits {
  return {
    perIp: store.limiter({
      name: 'portal-sign-in-ip',
      limit: PORTAL.perIpLimit * multiplier,
      windowMs: PORTAL.perIpWindowMs,
    }),
    perEmail: store.limiter({
      name: 'portal-sign-in-email',
      limit: PORTAL.perEmailLimit,
      windowMs: PORTAL.perEmailWindowMs,
    }),
    redeemPerIp: store.limiter({
      name: 'portal-redeem-ip',
      limit: PORTAL.redeemPerIpLimit * multiplier,
      windowMs: PORTAL.redeemPerIpWindowMs,
    }),
    invitationsPerClient: store.limiter({
      name: 'portal-invitations-client',
      limit: PORTAL.invitationsPerClientLimit,
      windowMs: PORTAL.invitationsPerClientWindowMs,
    }),
  };
}

/** The portal's session store for its guard (auth/portal-guard.ts), as sessions.service gives SignedInStore. */
export function createPortalSessionStore(db: Kysely<Database>): PortalSessionStore {
  return {
    find: (tokenHash) => findPortalSession(db, tokenHash),
    touch: (sessionId, now) => touchPortalSession(db, sessionId, now),
  };
}

/** The agency's brand from the published Web Settings (docs/product/web-settings.md). */
export function portalBrand(settings: SiteSettings): PortalBrand {
  const { siteName, logo, brandColor } = settings.identity;
  return { siteName, logoUrl: logo ? siteImagePath(logo.mediaId) : null, brandColor };
}

/** A new portal session's token and what the browser is told. */
export interface PortalSignIn {
  token: string;
  identity: PortalIdentityView;
}

/**
 * The client portal (docs/product/portal.md): sign-in links by e-mail, portal sessions, and the staff's
 * controls of who may sign in. Portal sessions are never staff sessions: they live in their own table and
 * are read only by the portal guard from the portal cookie.
 */
export function createPortalService(deps: {
  db: Kysely<Database>;
  mailer: Mailer;
  log: FastifyBaseLogger;
  limits: PortalLimits;
  /** The published Web Settings (the brand). */
  liveSettings: () => Promise<SiteSettings>;
  clock?: () => Date;
}) {
  const { db, mailer, log, limits } = deps;
  const clock = deps.clock ?? (() => new Date());

  /** A new link for an access, its row made in `trx`; answers the absolute URL (SITE_URL, never Host). */
  async function newLink(trx: Transaction<Database>, accessId: string, now: Date): Promise<string> {
    const { token, hash } = newOneTimeToken();
    await insertLinks(trx, [
      {
        token_hash: hash,
        access_id: accessId,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + PORTAL.linkTtlMs).toISOString(),
        used_at: null,
      },
    ]);
    return mailer.link(PORTAL_SIGN_IN_PATH, { token });
  }

  /** The look-up, the links and the one mail of a sign-in request, done after its answer. */
  async function sendLinks(email: string): Promise<void> {
    if ((await limits.perEmail.take(email)) > 0) return;
    const accesses = await accessesByEmail(db, email);
    if (accesses.length === 0) return;
    const now = clock();
    const siteName = await mailer.siteName();
    // One message for the address: in the delivery log of the workspace whose clients it lists, or the
    // platform's (the agency's) when they are of several.
    const workspaces = new Set(accesses.map((access) => access.workspace_id));
    const workspaceId = workspaces.size === 1 ? accesses[0]!.workspace_id : AGENCY_WORKSPACE_ID;
    await db.transaction().execute(async (trx) => {
      const entries = [];
      for (const access of accesses)
        entries.push({
          clientName: access.client_name,
          workspaceName: access.workspace_name,
          link: await newLink(trx, access.id, now),
        });
      await enqueueMail(
        trx,
        {
          workspaceId,
          kind: 'portal-sign-in',
          via: 'platform',
          to: email,
          ...portalSignInMail(siteName, entries),
        },
        now,
      );
    });
    // Never logged: the links are in the queued message only (its body is dropped once delivered).
    mailer.worker.kick();
  }

  async function identityOf(access: AccessWithClient): Promise<PortalIdentityView> {
    return {
      contact: { name: access.name, email: access.email },
      client: { id: access.client_id, name: access.client_name },
      workspace: { name: access.workspace_name },
      brand: portalBrand(await deps.liveSettings()),
    };
  }

  async function clientOf(caller: SessionUser, clientId: string) {
    const client = await findClient(db, caller.workspace_id, clientId);
    if (!client) throw notFound(CLIENT_MESSAGES.notFound);
    return client;
  }

  /** Each contact of the client with an e-mail address (once per address), with its access. */
  async function contactsWithAccess(caller: SessionUser, clientId: string): Promise<PortalContact[]> {
    await clientOf(caller, clientId);
    const [contacts, accesses] = await Promise.all([
      contactsOf(db, [clientId]),
      accessesOfClient(db, caller.workspace_id, clientId, clock().toISOString()),
    ]);
    const byEmail = new Map(accesses.map((access) => [access.email, access]));
    const seen = new Set<string>();
    const list: PortalContact[] = [];
    for (const contact of contacts) {
      if (!contact.email || seen.has(contact.email)) continue;
      seen.add(contact.email);
      const access = byEmail.get(contact.email);
      list.push({
        name: contact.name,
        email: contact.email,
        hasAccess: Boolean(access),
        accessId: access?.id ?? null,
        grantedAt: access?.created_at ?? null,
        lastSignInAt: access?.last_sign_in_at ?? null,
        activeSessions: access?.active_sessions ?? 0,
      });
    }
    return list;
  }

  async function contactView(caller: SessionUser, clientId: string, email: string): Promise<PortalContact> {
    const contact = (await contactsWithAccess(caller, clientId)).find((c) => c.email === email);
    if (!contact) throw notFound(M.accessNotFound);
    return contact;
  }

  return {
    /**
     * POST /api/portal/sign-in: answers the same for every address, in the same time. Only the per-client
     * address limit is decided before answering (429 past it); the look-up, the links and the mail are made
     * after the answer (docs/product/portal.md#sign-in-links). Past the per-e-mail limit nothing more is
     * sent, so a mailbox cannot be flooded and the answers say nothing about who may sign in.
     */
    async requestLink(email: string, clientIp: string): Promise<void> {
      const wait = await limits.perIp.take(addressKey(clientIp));
      if (wait > 0)
        throw new HttpError(429, M.tooMany(Math.ceil(wait / 60)), undefined, { 'Retry-After': String(wait) });
      afterAnswer(log, 'portal sign-in request', () => sendLinks(email));
    },

    /**
     * POST /api/portal/session: redeems a link once and starts a portal session (30 days). Unknown, used
     * and expired links get one answer.
     */
    async redeem(token: string, client: { ip: string; userAgent: string }): Promise<PortalSignIn> {
      const hash = hashToken(token);
      const now = clock();
      const nowIso = now.toISOString();
      const session = newOneTimeToken();
      const access = await db.transaction().execute(async (trx) => {
        // The one statement that uses the link: of two requests racing with it, only one gets a row.
        const accessId = await redeemLink(trx, hash, nowIso);
        if (!accessId) throw badRequest(M.linkInvalid);
        const found = await accessWithClientById(trx, accessId);
        if (!found) throw badRequest(M.linkInvalid);
        await insertSession(trx, {
          id: randomUUID(),
          token_hash: session.hash,
          access_id: found.id,
          workspace_id: found.workspace_id,
          client_id: found.client_id,
          created_at: nowIso,
          last_seen_at: nowIso,
          expires_at: new Date(now.getTime() + PORTAL.sessionTtlMs).toISOString(),
          ip: client.ip,
          user_agent: client.userAgent.slice(0, PORTAL.userAgentMax),
        });
        await markSignIn(trx, found.id, nowIso);
        await recordClientPortalEvent(trx, {
          workspaceId: found.workspace_id,
          clientId: found.client_id,
          kind: 'portal-signed-in',
          contact: found.name || found.email,
          data: {},
          at: now,
        });
        return found;
      });
      return { token: session.token, identity: await identityOf(access) };
    },

    /** GET /api/portal/me: who is signed in, for which client, and the agency's brand. */
    async me(portal: PortalIdentity): Promise<PortalIdentityView> {
      const access = await accessWithClientById(db, portal.accessId);
      // Removed between the guard's read and this one: as if it had been removed before.
      if (!access) throw new HttpError(401, M.sessionEnded);
      return identityOf(access);
    },

    /** POST /api/portal/sign-out */
    async signOut(portal: PortalIdentity): Promise<void> {
      await deletePortalSession(db, portal.sessionId);
    },

    /** GET /api/clients/:id/portal-access */
    list: contactsWithAccess,

    /**
     * POST /api/clients/:id/portal-access: gives one of the client's contacts access (again, if it had it:
     * a new invitation) and e-mails them an invitation with a sign-in link.
     */
    async grant(caller: SessionUser, clientId: string, email: string): Promise<PortalContact> {
      const client = await clientOf(caller, clientId);
      const contact = (await contactsOf(db, [clientId])).find((c) => c.email === email);
      if (!contact) throw badRequest(M.notAContact);
      const wait = await limits.invitationsPerClient.take(clientId);
      if (wait > 0)
        throw new HttpError(429, M.invitationsTooMany(Math.ceil(wait / 60)), undefined, {
          'Retry-After': String(wait),
        });
      const now = clock();
      const siteName = await mailer.siteName();
      await db.transaction().execute(async (trx) => {
        await insertAccess(trx, {
          id: randomUUID(),
          workspace_id: caller.workspace_id,
          client_id: clientId,
          email,
          name: contact.name,
          granted_by: caller.id,
          created_at: now.toISOString(),
          last_sign_in_at: null,
        });
        const access = await findAccessByEmail(trx, caller.workspace_id, clientId, email);
        const withClient = access && (await accessWithClientById(trx, access.id));
        if (!withClient) throw notFound(CLIENT_MESSAGES.notFound);
        const link = await newLink(trx, withClient.id, now);
        await enqueueMail(
          trx,
          {
            workspaceId: caller.workspace_id,
            kind: 'portal-invitation',
            via: 'platform',
            to: email,
            ...portalInvitationMail(siteName, {
              name: contact.name,
              clientName: client.name,
              workspaceName: withClient.workspace_name,
              link,
            }),
          },
          now,
        );
        await recordActivity(trx, {
          workspaceId: caller.workspace_id,
          userId: caller.id,
          kind: 'portal-access',
          action: `${caller.username} gave ${email} access to the client portal of ${client.name}`,
        });
      });
      mailer.worker.kick();
      return contactView(caller, clientId, email);
    },

    /** DELETE /api/clients/:id/portal-access/:accessId: access ends at once, with its sessions and links. */
    async remove(caller: SessionUser, clientId: string, accessId: string): Promise<string> {
      const client = await clientOf(caller, clientId);
      return db.transaction().execute(async (trx) => {
        const access = await findAccess(trx, caller.workspace_id, clientId, accessId);
        if (!access) throw notFound(M.accessNotFound);
        await deleteAccess(trx, access.id);
        await recordActivity(trx, {
          workspaceId: caller.workspace_id,
          userId: caller.id,
          kind: 'portal-access',
          action: `${caller.username} removed the client portal access of ${access.email} at ${client.name}`,
        });
        return access.email;
      });
    },

    /** POST /api/clients/:id/portal-access/:accessId/end-sessions: answers how many ended. */
    async endSessions(caller: SessionUser, clientId: string, accessId: string): Promise<number> {
      const client = await clientOf(caller, clientId);
      return db.transaction().execute(async (trx) => {
        const access = await findAccess(trx, caller.workspace_id, clientId, accessId);
        if (!access) throw notFound(M.accessNotFound);
        const ended = await deleteSessionsOfAccess(trx, access.id);
        await recordActivity(trx, {
          workspaceId: caller.workspace_id,
          userId: caller.id,
          kind: 'portal-access',
          action: `${caller.username} ended the client portal sessions of ${access.email} at ${client.name}`,
        });
        return ended;
      });
    },
  };
}

export type PortalService = ReturnType<typeof createPortalService>;

// The portal's e-mail notices, the module's public face for the modules whose changes cause them.
export { notifyPortalContacts } from './portal-notifications';
