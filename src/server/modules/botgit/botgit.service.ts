import type { Kysely } from 'kysely';
import { canUseModule } from '../../../shared/access';
import { BOTGIT_MESSAGES as M } from '../../../shared/messages';
import type {
  BotgitSettings,
  ScrapedExportInput,
  ScrapedListQuery,
  ScrapedPage,
} from '../../../shared/schemas/botgit';
import type { Database, SessionUser } from '../../db/types';
import { permissionSubject } from '../../db/rows';
import { forbidden } from '../../http/errors';
import { recordActivity } from '../activity/activity.service';
import { liveKeysUsedSince } from '../api-keys/api-keys.service';
import { leadDateRange } from '../../lib/date-range';
import { readBotgitSettings, saveBotgitSettings } from './botgit-settings.repository';
import { ingestProfiles } from './scraped-ingest';
import { scrapedCsv } from './scraped-export';
import { WORKSPACE_WORK } from '../../lib/workspace-work';
import { addProfilesToLeads } from './scraped-to-leads';
import {
  countProfiles,
  deleteProfiles,
  lastScrapeAt,
  profilePage,
  toScrapedProfile,
  type ScrapedFilter,
} from './scraped-profiles.repository';

/** An extension counts as connected while its key was used within this window. */
const CONNECTED_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Botgit's card in Manage Integrations (docs/product/integrations.md#live-cards): the connected
 * extensions — the workspace's live API keys with the scope scraped-data:write (what Connect Botgit hands
 * an extension) used in the last 30 days — the last ingest and the profiles kept.
 */
export async function botgitConnection(
  db: Kysely<Database>,
  workspaceId: string,
  now: Date,
): Promise<{ connectedExtensions: number; lastIngestAt: string | null; profiles: number }> {
  const since = new Date(now.getTime() - CONNECTED_WINDOW_MS).toISOString();
  const [connectedExtensions, lastIngestAt, profiles] = await Promise.all([
    liveKeysUsedSince(db, workspaceId, 'scraped-data:write', since),
    lastScrapeAt(db, workspaceId),
    countProfiles(db, { workspaceId, range: null }),
  ]);
  return { connectedExtensions, lastIngestAt, profiles };
}

/** Botgit (docs/product/botgit.md#scraped-data): scraped profiles and settings of the caller's own workspace only. */
export function createBotgitService(db: Kysely<Database>, clock: () => Date = () => new Date()) {
  function filterOf(
    caller: SessionUser,
    query: Omit<ScrapedExportInput, 'ids'>,
    ids?: string[],
  ): ScrapedFilter {
    // docs/product/botgit.md#scraped-data: the date filter includes the whole start and end days, in the browser's own calendar.
    const range = leadDateRange('custom', {
      now: clock(),
      tzOffset: query.tzOffset,
      from: query.from,
      to: query.to,
    });
    return { workspaceId: caller.workspace_id, search: query.search, range, ids };
  }

  return {
    ingest: (caller: SessionUser, items: unknown[]) => ingestProfiles(db, caller, items, clock()),

    async list(caller: SessionUser, query: ScrapedListQuery): Promise<ScrapedPage> {
      const filter = filterOf(caller, query);
      const filtered = Boolean(query.search?.trim() || query.from || query.to);
      const [rows, total, workspaceTotal] = await Promise.all([
        profilePage(db, filter, (query.page - 1) * query.limit, query.limit),
        countProfiles(db, filter),
        filtered ? countProfiles(db, { workspaceId: caller.workspace_id, range: null }) : undefined,
      ]);
      return {
        data: rows.map(toScrapedProfile),
        pagination: {
          currentPage: query.page,
          totalPages: Math.max(1, Math.ceil(total / query.limit)),
          total,
          limit: query.limit,
        },
        workspaceTotal: workspaceTotal ?? total,
      };
    },

    async remove(caller: SessionUser, ids: string[]): Promise<number> {
      const deleted = await deleteProfiles(db, caller.workspace_id, ids);
      if (deleted > 0)
        await recordActivity(db, {
          workspaceId: caller.workspace_id,
          userId: caller.id,
          action: `${caller.username} deleted ${deleted} Botgit profile${deleted === 1 ? '' : 's'}`,
        });
      return deleted;
    },

    exportCsv(caller: SessionUser, input: ScrapedExportInput) {
      const day = clock().toISOString().slice(0, 10);
      const release = WORKSPACE_WORK.exports.hold(caller.workspace_id);
      const body = scrapedCsv(db, filterOf(caller, input, input.ids), input.tzOffset);
      body.once('close', release); // as the leads export: the slot is held while the download runs
      return { filename: `botgit_export_${day}.csv`, body };
    },

    async addToLeads(caller: SessionUser, ids: string[]) {
      if (!canUseModule(permissionSubject(caller), 'dataCenter')) throw forbidden(M.leadsAccessNeeded);
      return addProfilesToLeads(db, caller, ids, clock());
    },

    settings: (caller: SessionUser) => readBotgitSettings(db, caller.workspace_id),

    async saveSettings(caller: SessionUser, settings: BotgitSettings): Promise<BotgitSettings> {
      await saveBotgitSettings(db, caller.workspace_id, settings, caller.id, clock());
      return settings;
    },
  };
}

export type BotgitService = ReturnType<typeof createBotgitService>;
