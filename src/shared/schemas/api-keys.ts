import { z } from 'zod';
import { API_KEY_MESSAGES as M } from '../messages';
import { API_KEY_LIMITS, API_KEY_SCOPES } from '../api-keys';

export * from '../api-keys';

export const apiKeyScopeSchema = z.enum(API_KEY_SCOPES);

/** POST /api/api-keys (docs/product/integrations.md#api-keys). */
export const createApiKeySchema = z.object({
  name: z
    .string({ error: M.nameRequired })
    .trim()
    .min(1, M.nameRequired)
    .max(API_KEY_LIMITS.nameMax, M.nameTooLong(API_KEY_LIMITS.nameMax)),
  scopes: z
    .array(apiKeyScopeSchema, { error: M.scopesRequired })
    .min(1, M.scopesRequired)
    .max(API_KEY_SCOPES.length * 2),
});
export type CreateApiKeyInput = z.infer<typeof createApiKeySchema>;

/** A key as the list shows it: never its secret, only the first characters (`prefix`). */
export const apiKeyViewSchema = z.object({
  _id: z.string(),
  name: z.string(),
  scopes: z.array(apiKeyScopeSchema),
  /** `ahq_` and the first characters of the key, to tell keys apart. */
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
  createdBy: z.object({ name: z.string(), email: z.string() }).nullable(),
});
export type ApiKeyView = z.infer<typeof apiKeyViewSchema>;

/** 201 to POST /api/api-keys: the key itself, this once. */
export const createdApiKeyAnswerSchema = z.object({ apiKey: apiKeyViewSchema, key: z.string() });
export type CreatedApiKeyAnswer = z.infer<typeof createdApiKeyAnswerSchema>;

/** GET /api/api-keys: the workspace's live keys, newest first, and how many it may have. */
export const apiKeyListAnswerSchema = z.object({
  apiKeys: z.array(apiKeyViewSchema),
  limit: z.number(),
});
export type ApiKeyListAnswer = z.infer<typeof apiKeyListAnswerSchema>;

/** A PKCE S256 challenge or verifier: base64url without padding (RFC 7636). */
const base64url = (min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/);

/** POST /api/botgit/connect: the extension's challenge, the SHA-256 of a verifier only it holds. */
export const botgitConnectStartSchema = z.object({ challenge: base64url(43, 43) });
export const botgitConnectStartAnswerSchema = z.object({ code: z.string(), expiresAt: z.string() });
export type BotgitConnectStartAnswer = z.infer<typeof botgitConnectStartAnswerSchema>;

/** POST /api/botgit/connect/approve, by the signed-in user on the Connect Botgit page. */
export const botgitConnectApproveSchema = z.object({ code: base64url(20, 64) });

/** POST /api/botgit/connect/claim, by the extension with its verifier. */
export const botgitConnectClaimSchema = z.object({
  code: base64url(20, 64),
  verifier: base64url(43, 128),
});
/** 202: not approved yet; 200: the key, this once. */
export const botgitConnectPendingAnswerSchema = z.object({ status: z.literal('pending') });
export const botgitConnectClaimAnswerSchema = z.object({
  status: z.literal('approved'),
  key: z.string(),
  user: z.object({ name: z.string(), email: z.string() }),
  workspaceName: z.string(),
});
export type BotgitConnectClaimAnswer = z.infer<typeof botgitConnectClaimAnswerSchema>;
