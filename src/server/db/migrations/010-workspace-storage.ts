import { sql, type Kysely } from 'kysely';
import { engineOf } from '../engine';

/**
 * Each workspace's storage in use (issue 12: not summed on every read): profile images (stored inline, up
 * to ~1.4 MB each) plus uploaded media and their variants, kept by triggers. Every workspace has its row,
 * so the triggers only ever update. Media variants are only ever removed with their original (cascade),
 * which is why the original's delete takes them off too, before they go.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('workspace_storage')
    .addColumn('workspace_id', 'text', (c) => c.primaryKey().references('workspaces.id').onDelete('cascade'))
    .addColumn('bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`
    insert into workspace_storage (workspace_id, bytes)
    select w.id,
      coalesce((select sum(length(u.profile_image)) from users u where u.workspace_id = w.id), 0)
      + coalesce((select sum(m.size) from media m where m.workspace_id = w.id), 0)
      + coalesce((select sum(v.size) from media_variants v join media m on m.id = v.media_id
                  where m.workspace_id = w.id), 0)
    from workspaces w`.execute(db);

  const add = (bytes: string, workspace: string) =>
    `update workspace_storage set bytes = bytes + (${bytes}) where workspace_id = ${workspace};`;
  const variantsOf = (row: string) =>
    `coalesce((select sum(size) from media_variants where media_id = ${row}.id), 0)`;
  const mediaWorkspace = '(select workspace_id from media where id = new.media_id)';
  // [name, timing and event, body]
  const triggers: [string, string, string][] = [
    [
      'workspace',
      'after insert on workspaces',
      'insert into workspace_storage (workspace_id, bytes) values (new.id, 0);',
    ],
    ['media_insert', 'after insert on media', add('new.size', 'new.workspace_id')],
    ['media_delete', 'before delete on media', add(`-old.size - ${variantsOf('old')}`, 'old.workspace_id')],
    ['variant_insert', 'after insert on media_variants', add('new.size', mediaWorkspace)],
    ['user_insert', 'after insert on users', add('length(new.profile_image)', 'new.workspace_id')],
    [
      'user_update',
      'after update of profile_image, workspace_id on users',
      add('-length(old.profile_image)', 'old.workspace_id') +
        add('length(new.profile_image)', 'new.workspace_id'),
    ],
    ['user_delete', 'after delete on users', add('-length(old.profile_image)', 'old.workspace_id')],
  ];

  if (engineOf(db) === 'postgres') {
    for (const [name, event, body] of triggers) {
      // A BEFORE trigger returning null would cancel the delete.
      const result = event.startsWith('before') ? 'old' : 'null';
      await sql
        .raw(
          `create function workspace_storage_${name}() returns trigger language plpgsql as $$ begin ${body} return ${result}; end $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger workspace_storage_${name} ${event} for each row execute function workspace_storage_${name}()`,
        )
        .execute(db);
    }
  } else {
    for (const [name, event, body] of triggers)
      await sql.raw(`create trigger workspace_storage_${name} ${event} begin ${body} end`).execute(db);
  }
}
