import { sql, type Kysely } from 'kysely';
import { engineOf } from '../engine';

/**
 * Web Settings (issue 18): the public site's settings as a draft and as published ('live'), and every
 * publish kept so it can be undone. Publishing raises the public content version, so every instance
 * renders its pages afresh.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('site_settings')
    // 'draft' or 'live'; no row: the spec's defaults.
    .addColumn('stage', 'text', (c) => c.primaryKey())
    // JSON: the settings document (sections missing from it take their defaults).
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('site_settings_history')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // The live version this publish made: orders the history exactly.
    .addColumn('version', 'integer', (c) => c.notNull().unique())
    // 'published' | 'undone' | 'reset'
    .addColumn('action', 'text', (c) => c.notNull())
    // JSON: the live settings as this publish left them (undo goes back to the one before).
    .addColumn('data', 'text', (c) => c.notNull())
    // JSON: the dotted paths of the fields it changed.
    .addColumn('changed', 'text', (c) => c.notNull())
    .addColumn('published_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('published_at', 'text', (c) => c.notNull())
    .execute();

  const event = 'insert or update on site_settings';
  const condition = `new.stage = 'live'`;
  if (engineOf(db) === 'postgres')
    await sql
      .raw(
        `create constraint trigger public_content_site_settings after ${event}
          deferrable initially deferred for each row when (${condition})
          execute function bump_public_content_version()`,
      )
      .execute(db);
  else
    for (const [name, on] of [
      ['public_content_site_settings_insert', 'insert on site_settings'],
      ['public_content_site_settings_update', 'update on site_settings'],
    ])
      await sql
        .raw(
          `create trigger ${name} after ${on} when ${condition}
            begin update public_content_version set version = version + 1 where id = 1; end`,
        )
        .execute(db);
}
