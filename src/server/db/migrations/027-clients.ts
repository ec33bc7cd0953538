import type { Kysely } from 'kysely';

/**
 * Clients of a workspace (docs/product/projects.md#clients).
 *
 * `clients`: a company or a person the workspace works for. Its billing address names a country (ISO 3166-1
 * alpha-2) and, in India, one of the GST states (it decides the place of supply on invoices); `tax_id` is
 * stored normalised (upper case, no spaces, dots or dashes). `currency` is an ISO 4217 code: the client's
 * money is kept in its minor units elsewhere. `owner_id` is the member who looks after it; `lead_id` the
 * lead it was converted from, with the lead's source and campaign kept so the analytics count the client as
 * the campaign's customer even after the lead is gone. `search_text` is what the list's search reads: name,
 * legal name, tax id, city and the contacts' names and e-mails, lower-cased.
 *
 * `client_contacts`: the people at the client, in the order they were given (`position`), with the keys a
 * lead's duplicates are found by (docs/product/leads.md#duplicates): the e-mail lower-cased, the phone's
 * last ten digits (`phone_key`) and the person's name with the client's name folded (`name_key`), so a lead
 * being converted finds the client it already is.
 *
 * `client_events`: the client's timeline (created, converted from a lead, edited, its projects later), the
 * actor's name kept beside the reference as a lead's timeline keeps it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('clients')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('legal_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('tax_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('address_line1', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('address_line2', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('city', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('postal_code', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('payment_terms_days', 'integer', (c) => c.notNull())
    .addColumn('owner_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('lead_id', 'text', (c) => c.references('leads.id').onDelete('set null'))
    .addColumn('source', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('utm_source', 'text')
    .addColumn('utm_medium', 'text')
    .addColumn('utm_campaign', 'text')
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // The list by name (its default order) and newest first; the owner filter; a lead's client.
  await db.schema
    .createIndex('clients_workspace_name_idx')
    .on('clients')
    .columns(['workspace_id', 'name'])
    .execute();
  await db.schema
    .createIndex('clients_workspace_created_idx')
    .on('clients')
    .columns(['workspace_id', 'created_at'])
    .execute();
  await db.schema.createIndex('clients_owner_idx').on('clients').column('owner_id').execute();
  await db.schema.createIndex('clients_lead_idx').on('clients').column('lead_id').execute();
  await db.schema.createIndex('clients_created_by_idx').on('clients').column('created_by').execute();

  await db.schema
    .createTable('client_contacts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('job_title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('phone_key', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('name_key', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('client_contacts_client_idx')
    .on('client_contacts')
    .columns(['client_id', 'position'])
    .execute();
  // Finding the client a lead being converted already is: by e-mail, phone, or name and company.
  for (const column of ['email', 'phone_key', 'name_key'])
    await db.schema
      .createIndex(`client_contacts_${column}_idx`)
      .on('client_contacts')
      .columns(['workspace_id', column])
      .execute();

  await db.schema
    .createTable('client_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('actor_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('client_events_client_idx')
    .on('client_events')
    .columns(['client_id', 'at'])
    .execute();
  await db.schema.createIndex('client_events_actor_idx').on('client_events').column('actor_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('client_events').execute();
  await db.schema.dropTable('client_contacts').execute();
  await db.schema.dropTable('clients').execute();
}
