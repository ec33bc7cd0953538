import type { FastifyReply, FastifyRequest } from 'fastify';
import { BLOCKED_STATUSES, type ModuleKey, type UserStatus } from '../../shared/roles';
import { canUseModule, isGroupVisible, isKeptOutOfDashboard, isSectionVisible } from '../../shared/access';
import type { SectionGroupKey } from '../../shared/sections';
import {
  ACCESS_MESSAGES,
  API_KEY_MESSAGES,
  SERVER_MESSAGES,
  EMAIL_CONFIRMATION_MESSAGES,
} from '../../shared/messages';
import type { SessionUser } from '../db/types';
import { permissionSubject } from '../db/rows';
import type { TokenService } from './tokens';
import { HttpError, forbidden, unauthorized } from '../http/errors';
import { WAITING_ROOM_WORKSPACE_ID } from '../../shared/email-confirmation';
import { API_KEY_LIMITS, isApiKeyScope, type ApiKeyScope } from '../../shared/api-keys';
import type { Limiter } from '../limits/limiter';
import { addressKey } from '../limits/address-key';
import {
  hashApiKey,
  isWellFormedApiKey,
  looksLikeApiKey,
  type ApiKeyHolder,
  type ApiKeyStore,
} from './api-keys';
import { scopeForRoute } from './api-key-scopes';
import { assertRecentProof } from './recent-proof';
import type { CachedSession, SessionCache, SessionRead } from './session-cache';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser: the signed-in user, freshly read from the database for this request. */
    currentUser: SessionUser | null;
    /** The session the request's token names (docs/decisions/0003-bearer-tokens-and-server-side-sessions.md). */
    sessionId: string | null;
    /** When that session last proved the password: its sign-in, or a later confirmation (docs/security.md#lasting-credentials). */
    sessionProvedAt: string | null;
    /** Set when the request was made with an API key (docs/decisions/0017-api-keys.md): which, and its scopes. */
    apiKey: { id: string; name: string; scopes: ApiKeyScope[] } | null;
  }
}

/**
 * Who may call a route, as its guard declares it (the authorization matrix reads these from the route
 * table). Routes without a guard declare `config: { access: 'public' }`.
 */
export type AccessRule =
  | { kind: 'public' }
  /** Any signed-in account, also one kept out of the dashboard: its own profile, sessions, sign-out. */
  | { kind: 'account' }
  /** A signed-in member of the dashboard (not a Team Member, a 'User', or an address still unconfirmed). */
  | { kind: 'signed-in' }
  | { kind: 'admin' }
  | { kind: 'module'; module: ModuleKey }
  /** Every one of these modules: work that crosses two of them (a lead converted into a client). */
  | { kind: 'modules'; modules: ModuleKey[] }
  | { kind: 'group'; group: SectionGroupKey }
  /** One section of a group, where a role sees only some of the group's (SOLOHQ in Finance). */
  | { kind: 'section'; section: string }
  /**
   * A client's contact signed in to the portal (docs/product/portal.md#sessions): the portal's cookie only,
   * never a bearer token or an API key (auth/portal-guard.ts). No staff route admits a portal session.
   */
  | { kind: 'portal' };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route without a guard is public, and says so. */
    access?: 'public';
  }
}

/** What a route without a guard declares: `config: PUBLIC_ROUTE`. */
export const PUBLIC_ROUTE = { access: 'public' } as const;

/** A guard carrying the rule it enforces. */
export type GuardHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
export type Guard = GuardHook & { accessRule: AccessRule };
export const withRule = (rule: AccessRule, guard: GuardHook): Guard =>
  Object.assign(guard, { accessRule: rule });

/** The rule a guard function enforces, if it is one. */
export function accessRuleOf(hook: unknown): AccessRule | undefined {
  return (hook as Partial<Guard> | undefined)?.accessRule;
}

export interface Guards {
  /** Any signed-in account, also one the spec keeps out of the dashboard: for the account's own things only. */
  requireAccount: Guard;
  /** A signed-in dashboard member: Team Member, 'User' and waiting (unconfirmed) accounts get 403. */
  requireUser: Guard;
  requireAdmin: Guard;
  requireModule(module: ModuleKey): Guard;
  requireModules(modules: ModuleKey[]): Guard;
  /** A sidebar group without a module of its own (Botgit): the visibility rule (docs/product/roles-and-access.md#sidebar-visibility), on the server. */
  requireGroup(group: SectionGroupKey): Guard;
  /** A section the sidebar shows the caller (docs/product/roles-and-access.md#sidebar-visibility), on the server. */
  requireSection(section: string): Guard;
  /** The user behind the bearer token, or null for none or one the dashboard keeps out; never throws (for routes that are public but richer when signed in). */
  optionalUser(request: FastifyRequest): Promise<SessionUser | null>;
  /**
   * After the route's guard, in its handler: the session proved the password within the last 15 minutes,
   * else 403 (docs/security.md#lasting-credentials). For what mints a lasting credential or moves where
   * mail and events go.
   */
  assertRecentProof(request: FastifyRequest): void;
}

/**
 * What the guards read and write for a signed-in request. The sessions module provides it (app.ts wires it
 * in), so the guards sit below the modules instead of importing them.
 */
export interface SignedInStore {
  /** One indexed read: the user and the live session the token names, with the session's last sight. */
  find(userId: string, sessionId: string): Promise<SessionRead | undefined>;
  touchSession(sessionId: string, now: Date): Promise<void>;
  /** Marks the user active now; `user` sees the new time too. */
  markActive(user: SessionUser): Promise<void>;
}

const LAST_ACTIVE_RESOLUTION_MS = 5 * 60 * 1000;

/** API keys as the guards see them: where the keys are read, and the per-key rate limit. */
export interface ApiKeyAccess {
  store: ApiKeyStore;
  limiter: Limiter;
  clock?: () => Date;
}

const parseScopes = (json: string): ApiKeyScope[] => {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter(isApiKeyScope) : [];
  } catch {
    return [];
  }
};

export function createGuards(
  tokens: TokenService,
  signedIn: SignedInStore,
  apiKeys?: ApiKeyAccess,
  sessions?: SessionCache,
): Guards {
  /**
   * A request made with an API key (docs/decisions/0017-api-keys.md): the key's creator, within the key's
   * workspace and scopes. The route's own guard then applies its rule to the creator as to a session.
   */
  async function userFromApiKey(request: FastifyRequest, key: string): Promise<SessionUser> {
    // The shape and checksum first: a mistyped or truncated key costs no read.
    if (!apiKeys || !isWellFormedApiKey(key)) throw unauthorized(API_KEY_MESSAGES.keyInvalid);
    const holder = await apiKeys.store.find(hashApiKey(key));
    // Revoked, or its creator deactivated, erased, moved to another workspace, or the workspace deleted:
    // the key is over at once.
    if (
      !holder ||
      BLOCKED_STATUSES.includes(holder.status as UserStatus) ||
      holder.workspace_id !== holder.key_workspace_id ||
      holder.workspace_deleted_at !== null
    )
      throw unauthorized(API_KEY_MESSAGES.keyInvalid);
    const wait = await apiKeys.limiter.take(holder.key_id);
    if (wait > 0)
      throw new HttpError(429, API_KEY_MESSAGES.keyRateLimited(wait), undefined, {
        'Retry-After': String(wait),
      });
    const scope = scopeForRoute(request.method, request.routeOptions.url);
    if (!scope) throw forbidden(API_KEY_MESSAGES.keyNotForRoute);
    const scopes = parseScopes(holder.key_scopes);
    if (!scopes.includes(scope)) throw forbidden(API_KEY_MESSAGES.keyMissingScope(scope));
    await noteKeyUse(holder, request.ip);
    request.apiKey = { id: holder.key_id, name: holder.key_name, scopes };
    request.sessionId = null;
    request.sessionProvedAt = null;
    return toSessionUser(holder);
  }

  // "Last used" at most once a minute; at once from an address the key was last seen elsewhere.
  async function noteKeyUse(holder: ApiKeyHolder, ip: string): Promise<void> {
    const now = apiKeys?.clock?.() ?? new Date();
    const last = holder.key_last_used_at ? Date.parse(holder.key_last_used_at) : 0;
    const moved = !holder.key_last_used_ip || addressKey(holder.key_last_used_ip) !== addressKey(ip);
    if (moved || now.getTime() - last >= API_KEY_LIMITS.lastUsedResolutionMs)
      await apiKeys!.store.noteUse(holder, ip, now);
  }

  async function userFromToken(request: FastifyRequest): Promise<SessionUser> {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!token) throw unauthorized();
    if (looksLikeApiKey(token)) return userFromApiKey(request, token);
    const { claims, row } = sessions?.get(token) ?? (await readSession(token));
    // A copy per request: a handler may change its user, never the cached one.
    const { session_last_seen_at: lastSeen, session_proved_at: provedAt, ...user } = row;
    if (BLOCKED_STATUSES.includes(user.status as UserStatus))
      throw unauthorized(SERVER_MESSAGES.accountBlocked);
    request.sessionId = claims.sessionId!;
    request.sessionProvedAt = provedAt;
    await touchLastSeen(user, claims.sessionId!, lastSeen, row);
    return user;
  }

  /** The token verified and its session read from the database (and kept, when a cache is given). */
  async function readSession(token: string): Promise<Pick<CachedSession, 'claims' | 'row'>> {
    const generation = sessions?.generation() ?? 0;
    const claims = await tokens.verify(token);
    // Tokens from before server-side sessions (migration 016) name none: signing in again makes one.
    if (!claims?.sessionId) throw unauthorized(SERVER_MESSAGES.sessionExpired);
    // One indexed read: the user and the live session the token names (logout, password and 2FA changes,
    // deactivation and deletion end sessions at once).
    const row = await signedIn.find(claims.userId, claims.sessionId);
    // A password reset raises the stored version: tokens issued before it are over.
    if (!row || row.session_version !== claims.sessionVersion)
      throw unauthorized(SERVER_MESSAGES.sessionExpired);
    sessions?.put(token, claims, row, generation);
    return { claims, row };
  }

  // A write per request would be wasteful; "last active" is only shown to the minute or coarser.
  async function touchLastSeen(
    user: SessionUser,
    sessionId: string,
    sessionLastSeen: string,
    cached: SessionRead,
  ): Promise<void> {
    const now = Date.now();
    if (now - Date.parse(sessionLastSeen) >= LAST_ACTIVE_RESOLUTION_MS) {
      await signedIn.touchSession(sessionId, new Date(now));
      // These two touches leave the cache as it is (db/committed-writes.ts): it keeps its own copy of them.
      cached.session_last_seen_at = new Date(now).toISOString();
    }
    const last = user.last_active_at ? Date.parse(user.last_active_at) : 0;
    if (now - last >= LAST_ACTIVE_RESOLUTION_MS) {
      await signedIn.markActive(user);
      cached.last_active_at = user.last_active_at;
    }
  }

  function toSessionUser(holder: ApiKeyHolder): SessionUser {
    const {
      key_id: _id,
      key_name: _name,
      key_workspace_id: _workspace,
      key_scopes: _scopes,
      key_last_used_at: _at,
      key_last_used_ip: _ip,
      workspace_deleted_at: _deleted,
      ...user
    } = holder;
    return user;
  }

  /**
   * On the server (docs/product/roles-and-access.md#dashboard-access): accounts kept out of the dashboard reach nothing of a workspace. A
   * Team Member still waiting for the e-mail confirmation (docs/product/auth.md#proven-addresses) is told why.
   */
  function refuseOutsiders(user: SessionUser): void {
    if (user.workspace_id === WAITING_ROOM_WORKSPACE_ID)
      throw forbidden(EMAIL_CONFIRMATION_MESSAGES.required);
    if (isKeptOutOfDashboard(permissionSubject(user))) throw forbidden(ACCESS_MESSAGES.outsideDashboard);
  }

  const requireAccount = withRule({ kind: 'account' }, async (request: FastifyRequest) => {
    request.currentUser = await userFromToken(request);
  });

  const requireUser = withRule(
    { kind: 'signed-in' },
    async (request: FastifyRequest, _reply: FastifyReply) => {
      const user = await userFromToken(request);
      refuseOutsiders(user);
      request.currentUser = user;
    },
  );

  return {
    requireAccount,
    requireUser,
    requireAdmin: withRule({ kind: 'admin' }, async (request, reply) => {
      await requireUser(request, reply);
      if (request.currentUser?.role !== 'Admin') throw forbidden(ACCESS_MESSAGES.adminOnly);
    }),
    requireModule(module) {
      return withRule({ kind: 'module', module }, async (request, reply) => {
        await requireUser(request, reply);
        // canUseModule is true for an Admin, so this also serves "Admin or granted the module". requireUser
        // already kept out a Team Member, whatever modules were granted (docs/product/roles-and-access.md#dashboard-access applies both rules).
        if (!canUseModule(permissionSubject(request.currentUser!), module)) throw forbidden();
      });
    },
    requireModules(modules) {
      return withRule({ kind: 'modules', modules }, async (request, reply) => {
        await requireUser(request, reply);
        const subject = permissionSubject(request.currentUser!);
        if (!modules.every((module) => canUseModule(subject, module))) throw forbidden();
      });
    },
    requireGroup(group) {
      return withRule({ kind: 'group', group }, async (request, reply) => {
        await requireUser(request, reply);
        if (!isGroupVisible(permissionSubject(request.currentUser!), group)) throw forbidden();
      });
    },
    requireSection(section) {
      return withRule({ kind: 'section', section }, async (request, reply) => {
        await requireUser(request, reply);
        if (!isSectionVisible(permissionSubject(request.currentUser!), section)) throw forbidden();
      });
    },
    async optionalUser(request) {
      try {
        const user = await userFromToken(request);
        // An account the dashboard keeps out reads as anonymous: whatever modules it was granted, it never
        // sees what only the workspace's staff may (a draft, docs/product/roles-and-access.md#dashboard-access).
        return user && !isKeptOutOfDashboard(permissionSubject(user)) ? user : null;
      } catch {
        return null;
      }
    },
    assertRecentProof(request) {
      assertRecentProof(request, apiKeys?.clock?.() ?? new Date());
    },
  };
}
