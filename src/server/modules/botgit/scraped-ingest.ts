import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { BOTGIT_MESSAGES as M } from '../../../shared/messages';
import {
  cleanProfileUrl,
  profileUrlKey,
  scrapedProfileInputSchema,
  type IngestOutcome,
  type IngestResult,
} from '../../../shared/schemas/botgit';
import type { Database, SessionUser } from '../../db/types';
import { lockBotgitSettings } from './botgit-settings.repository';
import {
  findProfileByUrlKey,
  insertProfile,
  profileSearchText,
  profilesAddedSince,
  updateProfile,
} from './scraped-profiles.repository';
import { enqueueWebhookEvents, webhookProfile } from '../webhooks/webhooks.service';
import type { WebhookEventData } from '../../../shared/webhooks';

const HOUR_MS = 3_600_000;

/** The refusal of a request whose every profile hit the cap: 429 with the wait until a slot frees up. */
export interface IngestAnswer extends IngestResult {
  retryAfterSeconds?: number;
}

/**
 * POST /api/scraped-data (docs/product/botgit.md#ingest): each item is checked on its own, so a bad one never drops the
 * good ones. A profile already in the workspace (same normalised URL) is updated with its new scrape
 * time; a new one counts against the workspace's "maximum profiles per interval". With 'save emails'
 * or 'save phones' off, those fields are not stored.
 */
export async function ingestProfiles(
  db: Kysely<Database>,
  caller: SessionUser,
  items: unknown[],
  now: Date,
): Promise<IngestAnswer> {
  const results: IngestOutcome[] = [];
  let oldestInWindow: string | undefined;
  let intervalMs = 0;
  await db.transaction().execute(async (trx) => {
    const settings = await lockBotgitSettings(trx, caller.workspace_id, now);
    intervalMs = settings.scrapeInterval * HOUR_MS;
    const windowStart = new Date(now.getTime() - intervalMs).toISOString();
    const recent = await profilesAddedSince(trx, caller.workspace_id, windowStart);
    let createdInWindow = recent.count;
    oldestInWindow = recent.oldest;
    const at = now.toISOString();
    const scraped: WebhookEventData['profile.scraped'][] = [];

    for (const [index, item] of items.entries()) {
      const parsed = scrapedProfileInputSchema.safeParse(item);
      if (!parsed.success) {
        const errors = parsed.error.issues.map((issue) => ({
          field: issue.path.join('.'),
          message: issue.message,
        }));
        results.push({
          index,
          status: 'invalid',
          message: errors[0]?.message ?? M.profileUrlInvalid,
          errors,
        });
        continue;
      }
      const profile = parsed.data;
      const fields = {
        profile_url: cleanProfileUrl(profile.profileUrl),
        name: profile.name,
        role: profile.role,
        location: profile.location,
        ...(settings.saveEmails ? { email: profile.email } : {}),
        ...(settings.savePhones ? { phone: profile.phone } : {}),
      };
      const key = profileUrlKey(profile.profileUrl)!;
      const existing = await findProfileByUrlKey(trx, caller.workspace_id, key);
      if (existing) {
        const merged = { ...existing, ...fields };
        await updateProfile(trx, existing.id, {
          ...fields,
          search_text: profileSearchText(merged),
          scraped_by: caller.id,
          scraped_at: at,
        });
        results.push({ index, status: 'updated', _id: existing.id });
        scraped.push({ profile: webhookProfile({ ...merged, scraped_at: at }), change: 'updated' });
        continue;
      }
      if (createdInWindow >= settings.maxProfiles) {
        results.push({
          index,
          status: 'limited',
          message: M.limitReached(settings.maxProfiles, settings.scrapeInterval),
        });
        continue;
      }
      const row = {
        id: randomUUID(),
        workspace_id: caller.workspace_id,
        url_key: key,
        email: '',
        phone: '',
        ...fields,
        scraped_by: caller.id,
        created_at: at,
        scraped_at: at,
      };
      await insertProfile(trx, { ...row, search_text: profileSearchText(row) });
      createdInWindow += 1;
      oldestInWindow ??= at;
      results.push({ index, status: 'created', _id: row.id });
      scraped.push({ profile: webhookProfile(row), change: 'created' });
    }
    await enqueueWebhookEvents(trx, caller.workspace_id, 'profile.scraped', scraped, now);
  });

  const count = (status: IngestOutcome['status']) => results.filter((r) => r.status === status).length;
  const answer: IngestAnswer = {
    created: count('created'),
    updated: count('updated'),
    refused: count('invalid') + count('limited'),
    results,
  };
  if (count('limited') > 0 && answer.created + answer.updated === 0) {
    // The oldest new profile of the window leaves it first, freeing a slot.
    const freesAt = Date.parse(oldestInWindow ?? now.toISOString()) + intervalMs;
    answer.retryAfterSeconds = Math.max(1, Math.ceil((freesAt - now.getTime()) / 1000));
  }
  return answer;
}
