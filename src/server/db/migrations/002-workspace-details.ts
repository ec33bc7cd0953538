import { sql, type Kysely } from 'kysely';

/** Workspace Settings (spec §2 General tab, §3 Workspace): description, type and plan, kept on the server. */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One column per statement: SQLite's ALTER TABLE adds a single column at a time.
  await db.schema
    .alterTable('workspaces')
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('workspaces')
    .addColumn('type', 'text', (c) => c.notNull().defaultTo('Business'))
    .execute();
  await db.schema
    .alterTable('workspaces')
    .addColumn('plan', 'text', (c) => c.notNull().defaultTo('Free'))
    .execute();
  // Freelancers signed up before this migration own personal workspaces.
  await sql`update workspaces set type = 'Personal' where kind = 'personal'`.execute(db);

  // The Admin's dashboard lists the newest activity of every workspace; without this it sorts the table.
  await db.schema.createIndex('activity_created_idx').on('activity').column('created_at').execute();
}
