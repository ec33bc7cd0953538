import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, SessionUser } from '../../db/types';
import { hashToken, newOneTimeToken } from '../../auth/one-time-token';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { BLOCKED_STATUSES, type UserStatus } from '../../../shared/roles';
import { API_KEY_LIMITS, BOTGIT_CONNECT } from '../../../shared/api-keys';
import {
  API_KEY_MESSAGES,
  BOTGIT_CONNECT_MESSAGES as M,
  EMAIL_CONFIRMATION_MESSAGES,
} from '../../../shared/messages';
import type { BotgitConnectClaimAnswer, BotgitConnectStartAnswer } from '../../../shared/schemas/api-keys';
import { findUserById } from '../users/users.service';
import { mintApiKey } from './api-keys.service';
import {
  approveConnection,
  claimConnection,
  countLiveKeys,
  deleteExpiredConnections,
  findConnection,
  insertConnection,
  setConnectionKey,
  workspaceName,
} from './api-keys.repository';
import type { Mailer } from '../../mail/mailer';
import { prepareCredentialNotice } from '../sessions/sessions.service';

/** PKCE S256 (RFC 7636): the challenge is the base64url SHA-256 of the verifier. */
function verifierMatches(verifier: string, challenge: string): boolean {
  const computed = Buffer.from(createHash('sha256').update(verifier).digest('base64url'));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}

/** Every refusal of a claim reads the same: the extension learns nothing about a code it does not hold. */
const refused = () => badRequest(M.claimRefused);

/**
 * Connecting the Botgit extension (docs/product/integrations.md#connect-botgit, docs/decisions/0017-api-keys.md):
 * the extension starts a request with the SHA-256 of a verifier only it holds and opens the product's page
 * with the request's one-time code; the signed-in user approves it there; the extension claims the key
 * with its verifier, once, within ten minutes. Whoever sees the code (the address bar, a log, a shoulder)
 * cannot claim without the verifier; a request the user never approved gives nothing.
 */
export function createBotgitConnect(
  db: Kysely<Database>,
  mailer: Mailer,
  clock: () => Date = () => new Date(),
) {
  return {
    async start(challenge: string): Promise<BotgitConnectStartAnswer> {
      const now = clock();
      const { token: code, hash } = newOneTimeToken();
      const expiresAt = new Date(now.getTime() + BOTGIT_CONNECT.ttlMs).toISOString();
      await deleteExpiredConnections(db, now.toISOString());
      await insertConnection(db, {
        id: randomUUID(),
        code_hash: hash,
        challenge,
        created_at: now.toISOString(),
        expires_at: expiresAt,
        approved_by: null,
        approved_at: null,
        claimed_at: null,
        key_id: null,
      });
      return { code, expiresAt };
    },

    /** The signed-in user (Botgit's own guard admitted them) approves the request the page names. */
    async approve(caller: SessionUser, code: string): Promise<void> {
      if (caller.email_confirmed_at === null) throw forbidden(EMAIL_CONFIRMATION_MESSAGES.required);
      const now = clock().toISOString();
      const row = await findConnection(db, hashToken(code));
      if (!row || row.expires_at <= now) throw notFound(M.invalidCode);
      if (row.approved_by !== null) throw conflict(M.alreadyApproved);
      // Told now, on the page, rather than when the extension claims.
      if ((await countLiveKeys(db, caller.workspace_id)) >= API_KEY_LIMITS.perWorkspace)
        throw conflict(API_KEY_MESSAGES.limitReached(API_KEY_LIMITS.perWorkspace));
      if (!(await approveConnection(db, row.id, caller.id, now))) throw conflict(M.alreadyApproved);
    },

    /**
     * The extension's claim: 202 while the request waits for approval, the key once it is approved, and
     * one refusal for everything else (no such code, the wrong verifier, expired, already claimed).
     */
    async claim(code: string, verifier: string): Promise<BotgitConnectClaimAnswer | { status: 'pending' }> {
      const now = clock().toISOString();
      const row = await findConnection(db, hashToken(code));
      if (!row || row.expires_at <= now || !verifierMatches(verifier, row.challenge) || row.claimed_at)
        throw refused();
      if (row.approved_by === null) return { status: 'pending' };
      const approver = await findUserById(db, row.approved_by);
      if (!approver || BLOCKED_STATUSES.includes(approver.status as UserStatus)) throw refused();
      const { password_hash: _hash, profile_image: _image, ...creator } = approver;
      // The extension's key is a key like any other: mailed to the account it acts as.
      const notice = await prepareCredentialNotice(mailer, creator, {
        kind: 'api-key',
        name: BOTGIT_CONNECT.keyName,
        scopes: BOTGIT_CONNECT.scopes.join(', '),
      });
      const answer = await db.transaction().execute(async (trx) => {
        if (!(await claimConnection(trx, row.id, now))) throw refused();
        const made = await mintApiKey(trx, creator, BOTGIT_CONNECT.keyName, BOTGIT_CONNECT.scopes);
        await notice(trx);
        await setConnectionKey(trx, row.id, made.apiKey._id);
        const workspace = await workspaceName(trx, creator.workspace_id);
        return {
          status: 'approved' as const,
          key: made.key,
          user: { name: creator.name, email: creator.email },
          workspaceName: workspace?.name ?? '',
        };
      });
      mailer.worker.kick();
      return answer;
    },
  };
}

export type BotgitConnect = ReturnType<typeof createBotgitConnect>;
