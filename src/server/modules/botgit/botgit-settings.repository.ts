import type { Kysely, Transaction } from 'kysely';
import { BOTGIT_DEFAULTS } from '../../../shared/botgit';
import type { BotgitSettings } from '../../../shared/schemas/botgit';
import type { BotgitSettingsTable, Database } from '../../db/types';
import { engineOf } from '../../db/engine';

type Db = Kysely<Database> | Transaction<Database>;

const toSettings = (row: BotgitSettingsTable): BotgitSettings => ({
  autoScrape: row.auto_scrape === 1,
  scrapeInterval: row.scrape_interval,
  maxProfiles: row.max_profiles,
  saveEmails: row.save_emails === 1,
  savePhones: row.save_phones === 1,
  notifyOnComplete: row.notify_on_complete === 1,
});

const toColumns = (settings: BotgitSettings) => ({
  auto_scrape: settings.autoScrape ? 1 : 0,
  scrape_interval: settings.scrapeInterval,
  max_profiles: settings.maxProfiles,
  save_emails: settings.saveEmails ? 1 : 0,
  save_phones: settings.savePhones ? 1 : 0,
  notify_on_complete: settings.notifyOnComplete ? 1 : 0,
});

/** A workspace's Botgit settings; the defaults (docs/product/botgit.md#botgit-settings) until someone saves them. */
export async function readBotgitSettings(db: Db, workspaceId: string): Promise<BotgitSettings> {
  const row = await db
    .selectFrom('botgit_settings')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  return row ? toSettings(row) : { ...BOTGIT_DEFAULTS };
}

export async function saveBotgitSettings(
  db: Db,
  workspaceId: string,
  settings: BotgitSettings,
  userId: string,
  now: Date,
): Promise<void> {
  const values = { ...toColumns(settings), updated_by: userId, updated_at: now.toISOString() };
  await db
    .insertInto('botgit_settings')
    .values({ workspace_id: workspaceId, ...values })
    .onConflict((oc) => oc.column('workspace_id').doUpdateSet(values))
    .execute();
}

/**
 * Reads the settings inside an ingest's transaction and, on PostgreSQL, locks the workspace's settings
 * row until it ends: two ingests of one workspace then take turns, so together they cannot pass the
 * "maximum profiles per interval" cap. (SQLite has one writer at a time anyway.)
 */
export async function lockBotgitSettings(trx: Transaction<Database>, workspaceId: string, now: Date) {
  if (engineOf(trx) !== 'postgres') return readBotgitSettings(trx, workspaceId);
  await trx
    .insertInto('botgit_settings')
    .values({
      workspace_id: workspaceId,
      ...toColumns(BOTGIT_DEFAULTS),
      updated_by: null,
      updated_at: now.toISOString(),
    })
    .onConflict((oc) => oc.column('workspace_id').doNothing())
    .execute();
  const row = await trx
    .selectFrom('botgit_settings')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return toSettings(row);
}
