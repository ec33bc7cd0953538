import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database, SessionUser } from '../../db/types';
import { nowIso, parseJson } from '../../db/rows';
import { lockStorageRow } from '../../db/plan-usage';
import type { ApiKeyStore } from '../../auth/api-keys';
import { newApiKey } from '../../auth/api-keys';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { addressKey } from '../../limits/address-key';
import { API_KEY_MESSAGES as M, EMAIL_CONFIRMATION_MESSAGES } from '../../../shared/messages';
import { API_KEY_LIMITS, API_KEY_SCOPES, isApiKeyScope, type ApiKeyScope } from '../../../shared/api-keys';
import type {
  ApiKeyListAnswer,
  ApiKeyView,
  CreateApiKeyInput,
  CreatedApiKeyAnswer,
} from '../../../shared/schemas/api-keys';
import { canManageIntegrations } from '../../../shared/access';
import { recordActivity } from '../activity/activity.service';
import {
  addKeyAddress,
  countLiveKeys,
  findKeyHolder,
  findLiveKey,
  insertApiKey,
  listLiveKeys,
  liveKeyUses,
  markKeyUsed,
  revokeKey,
  type ApiKeyListRow,
} from './api-keys.repository';
import type { Mailer } from '../../mail/mailer';
import { prepareCredentialNotice } from '../sessions/sessions.service';

/** The scopes as stored, in the order of API_KEY_SCOPES and each once. */
const normalScopes = (scopes: readonly string[]): ApiKeyScope[] =>
  API_KEY_SCOPES.filter((scope) => scopes.includes(scope));

export function toApiKeyView(row: ApiKeyListRow): ApiKeyView {
  return {
    _id: row.id,
    name: row.name,
    scopes: normalScopes(parseJson<unknown[]>(row.scopes, []).filter(isApiKeyScope)),
    prefix: row.prefix,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    lastUsedIp: row.last_used_ip,
    createdBy:
      row.creator_name !== null && row.creator_email !== null
        ? { name: row.creator_name, email: row.creator_email }
        : null,
  };
}

/** The workspace's live keys with their scopes and last use (at most the cap of them). */
async function liveKeys(db: Kysely<Database>, workspaceId: string) {
  const rows = await liveKeyUses(db, workspaceId, API_KEY_LIMITS.perWorkspace);
  return rows.map((row) => ({
    scopes: parseJson<unknown[]>(row.scopes, []).filter(isApiKeyScope),
    lastUsedAt: row.last_used_at,
  }));
}

/**
 * Manage Integrations' API keys card (docs/product/integrations.md#live-cards): how many live keys the
 * workspace has and when one was last used.
 */
export async function apiKeysSummary(
  db: Kysely<Database>,
  workspaceId: string,
): Promise<{ total: number; lastUsedAt: string | null }> {
  const keys = await liveKeys(db, workspaceId);
  const lastUsedAt = keys.reduce<string | null>(
    (latest, key) => (key.lastUsedAt && (!latest || key.lastUsedAt > latest) ? key.lastUsedAt : latest),
    null,
  );
  return { total: keys.length, lastUsedAt };
}

/** How many live keys with `scope` were used at or after `since` (an ISO time). */
export async function liveKeysUsedSince(
  db: Kysely<Database>,
  workspaceId: string,
  scope: ApiKeyScope,
  since: string,
): Promise<number> {
  const keys = await liveKeys(db, workspaceId);
  return keys.filter(
    (key) => key.scopes.includes(scope) && key.lastUsedAt !== null && key.lastUsedAt >= since,
  ).length;
}

/**
 * Makes a key in `trx` for `creator` in their workspace (docs/product/integrations.md#api-keys): within the
 * workspace's cap (counted after locking its one counter row, so two requests at the edge cannot both pass),
 * recorded in the audit log. The key itself is answered this once and never stored.
 */
export async function mintApiKey(
  trx: Transaction<Database>,
  creator: SessionUser,
  name: string,
  scopes: readonly ApiKeyScope[],
): Promise<CreatedApiKeyAnswer> {
  await lockStorageRow(trx, creator.workspace_id);
  if ((await countLiveKeys(trx, creator.workspace_id)) >= API_KEY_LIMITS.perWorkspace)
    throw conflict(M.limitReached(API_KEY_LIMITS.perWorkspace));
  const { key, prefix, hash } = newApiKey();
  const row = {
    id: randomUUID(),
    workspace_id: creator.workspace_id,
    created_by: creator.id,
    name,
    scopes: JSON.stringify(normalScopes(scopes)),
    prefix,
    secret_hash: hash,
    created_at: nowIso(),
    last_used_at: null,
    last_used_ip: null,
    revoked_at: null,
    revoked_by: null,
  };
  await insertApiKey(trx, row);
  await recordActivity(trx, {
    workspaceId: creator.workspace_id,
    userId: creator.id,
    action: M.auditCreated(name, normalScopes(scopes).join(', ')),
    kind: 'api-key',
  });
  return {
    key,
    apiKey: toApiKeyView({ ...row, creator_name: creator.name, creator_email: creator.email }),
  };
}

/** Revokes a live key of `workspaceId` at once, recorded in the audit log; 404 when there is none. */
async function revokeOne(db: Kysely<Database>, actor: SessionUser, id: string): Promise<ApiKeyView> {
  return db.transaction().execute(async (trx) => {
    const row = await findLiveKey(trx, actor.workspace_id, id);
    if (!row || !(await revokeKey(trx, actor.workspace_id, id, actor.id, nowIso())))
      throw notFound(M.notFound);
    await recordActivity(trx, {
      workspaceId: actor.workspace_id,
      userId: actor.id,
      action: M.auditRevoked(row.name),
      kind: 'api-key',
    });
    return toApiKeyView(row);
  });
}

/** Keys are managed by the workspace's integration managers (its Admin or Business Admin), with a proven address. */
function refuseNonManagers(caller: SessionUser): void {
  if (!canManageIntegrations(caller.role)) throw forbidden(M.managersOnly);
  if (caller.email_confirmed_at === null) throw forbidden(EMAIL_CONFIRMATION_MESSAGES.required);
}

/** API keys (docs/product/integrations.md#api-keys): create, list and revoke, for the workspace's managers. */
export function createApiKeysService(db: Kysely<Database>, mailer: Mailer) {
  return {
    async list(caller: SessionUser): Promise<ApiKeyListAnswer> {
      refuseNonManagers(caller);
      const rows = await listLiveKeys(db, caller.workspace_id, API_KEY_LIMITS.perWorkspace);
      return { apiKeys: rows.map(toApiKeyView), limit: API_KEY_LIMITS.perWorkspace };
    },

    async create(caller: SessionUser, input: CreateApiKeyInput): Promise<CreatedApiKeyAnswer> {
      refuseNonManagers(caller);
      const scopes = normalScopes(input.scopes);
      if (scopes.length === 0) throw badRequest(M.scopesRequired);
      // Mailed to its owner with where it was made from (docs/security.md#lasting-credentials).
      const notice = await prepareCredentialNotice(mailer, caller, {
        kind: 'api-key',
        name: input.name,
        scopes: scopes.join(', '),
      });
      const made = await db.transaction().execute(async (trx) => {
        const minted = await mintApiKey(trx, caller, input.name, scopes);
        await notice(trx);
        return minted;
      });
      mailer.worker.kick();
      return made;
    },

    async revoke(caller: SessionUser, id: string): Promise<ApiKeyView> {
      refuseNonManagers(caller);
      return revokeOne(db, caller, id);
    },

    /** The key a request was made with revokes itself (the Botgit extension disconnecting). */
    async revokeCalling(caller: SessionUser, keyId: string | undefined): Promise<ApiKeyView> {
      if (!keyId) throw badRequest(M.onlyWithKey);
      return revokeOne(db, caller, keyId);
    },
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;

/** What the guards read and write for a request made with a key (src/server/auth/api-keys.ts). */
export function createApiKeyStore(db: Kysely<Database>): ApiKeyStore {
  return {
    find: (secretHash) => findKeyHolder(db, secretHash),
    async noteUse(holder, ip, now) {
      const at = now.toISOString();
      await db.transaction().execute(async (trx) => {
        await markKeyUsed(trx, holder.key_id, ip, at);
        if (await addKeyAddress(trx, holder.key_id, addressKey(ip), at))
          await recordActivity(trx, {
            workspaceId: holder.key_workspace_id,
            userId: holder.id,
            action: M.auditNewAddress(holder.key_name),
            kind: 'api-key',
            ip,
          });
      });
    },
  };
}
