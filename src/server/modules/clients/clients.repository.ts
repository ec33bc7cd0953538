import { sql, type Kysely, type Transaction } from 'kysely';
import { containsPattern } from '../../db/search';
import type { ClientListQuery } from '../../../shared/schemas/clients';
import type {
  ClientContactRow,
  ClientContactsTable,
  ClientEventsTable,
  ClientRow,
  ClientsTable,
  Database,
} from '../../db/types';
import type { Insertable, Updateable } from 'kysely';

type Db = Kysely<Database> | Transaction<Database>;

const SORT_COLUMNS = { name: 'name', created: 'created_at', updated: 'updated_at' } as const;

/** The workspace's clients the list's filters keep (search, owner, country, currency). */
function matching(db: Db, workspaceId: string, query: ClientListQuery, ownerId: string | undefined) {
  let rows = db.selectFrom('clients').where('workspace_id', '=', workspaceId);
  if (query.search)
    rows = rows.where(
      sql<boolean>`search_text like ${containsPattern(query.search.toLowerCase())} escape '\\'`,
    );
  if (ownerId) rows = rows.where('owner_id', '=', ownerId);
  if (query.country) rows = rows.where('country', '=', query.country);
  if (query.currency) rows = rows.where('currency', '=', query.currency);
  return rows;
}

/** A page of the workspace's clients matching the filters, and how many match. */
export async function listClients(
  db: Db,
  workspaceId: string,
  query: ClientListQuery,
  ownerId: string | undefined,
): Promise<{ rows: ClientRow[]; total: number }> {
  const rows = matching(db, workspaceId, query, ownerId);
  const [page, count] = await Promise.all([
    rows
      .selectAll()
      .orderBy(SORT_COLUMNS[query.sort], query.order)
      .orderBy('id', query.order)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
    rows.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: page, total: Number(count.n) };
}

/** The next `size` matching clients by name after `after` (the CSV export reads them a batch at a time). */
export function clientBatch(
  db: Db,
  workspaceId: string,
  query: ClientListQuery,
  ownerId: string | undefined,
  after: { name: string; id: string } | null,
  size: number,
): Promise<ClientRow[]> {
  let rows = matching(db, workspaceId, query, ownerId);
  if (after)
    rows = rows.where((eb) =>
      eb.or([eb('name', '>', after.name), eb.and([eb('name', '=', after.name), eb('id', '>', after.id)])]),
    );
  return rows.selectAll().orderBy('name').orderBy('id').limit(size).execute();
}

export function findClient(db: Db, workspaceId: string, id: string): Promise<ClientRow | undefined> {
  return db
    .selectFrom('clients')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The contacts of these clients, each client's in its order. */
export async function contactsOf(db: Db, clientIds: string[]): Promise<ClientContactRow[]> {
  if (clientIds.length === 0) return [];
  return db
    .selectFrom('client_contacts')
    .selectAll()
    .where('client_id', 'in', clientIds)
    .orderBy('client_id')
    .orderBy('position')
    .execute();
}

export async function insertClient(db: Db, row: Insertable<ClientsTable>): Promise<void> {
  await db.insertInto('clients').values(row).execute();
}

export async function updateClient(db: Db, id: string, values: Updateable<ClientsTable>): Promise<void> {
  await db.updateTable('clients').set(values).where('id', '=', id).execute();
}

/** Deletes the workspace's client (its contacts and timeline go with it); answers its name, if it was there. */
export async function deleteClient(db: Db, workspaceId: string, id: string): Promise<string | undefined> {
  const row = await db
    .deleteFrom('clients')
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .returning('name')
    .executeTakeFirst();
  return row?.name;
}

/**
 * Replaces the client's contacts with these, in this order, and removes the portal access of every address
 * no longer among them (docs/product/portal.md#who-gets-in): its sessions and links go with it (cascade),
 * so that person's next portal request answers 401. Done here, in the caller's transaction, because this
 * module owns the contacts; the portal module reads clients through clients.service.ts and this module
 * never imports it (that would be a circle), as `renameInProjectSearch` writes the projects' search text.
 */
export async function replaceContacts(
  db: Db,
  clientId: string,
  contacts: Insertable<ClientContactsTable>[],
): Promise<void> {
  await db.deleteFrom('client_contacts').where('client_id', '=', clientId).execute();
  if (contacts.length > 0) await db.insertInto('client_contacts').values(contacts).execute();
  const emails = [...new Set(contacts.map((contact) => contact.email ?? '').filter(Boolean))];
  let gone = db.deleteFrom('portal_access').where('client_id', '=', clientId);
  if (emails.length > 0) gone = gone.where('email', 'not in', emails);
  await gone.execute();
}

export async function insertClientEvent(db: Db, row: Insertable<ClientEventsTable>): Promise<void> {
  await db.insertInto('client_events').values(row).execute();
}

/** An event recorded once: a second with the same id is left out. */
export async function insertClientEventOnce(db: Db, row: Insertable<ClientEventsTable>): Promise<void> {
  await db
    .insertInto('client_events')
    .values(row)
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
}

/** The client's timeline, newest first. */
export function clientEvents(db: Db, clientId: string, limit: number) {
  return db
    .selectFrom('client_events')
    .select(['id', 'kind', 'actor_name', 'data', 'at'])
    .where('client_id', '=', clientId)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * The workspace's clients one of whose contacts has this e-mail, phone key or name key (the lead duplicate
 * rules), each with the keys that matched; at most 20 contacts are read.
 */
export async function contactsMatching(
  db: Db,
  workspaceId: string,
  keys: { email: string; phoneKey: string; nameKey: string },
) {
  return db
    .selectFrom('client_contacts')
    .select(['client_id', 'email', 'phone_key', 'name_key'])
    .where('workspace_id', '=', workspaceId)
    .where((eb) =>
      eb.or([
        ...(keys.email ? [eb('email', '=', keys.email)] : []),
        ...(keys.phoneKey ? [eb('phone_key', '=', keys.phoneKey)] : []),
        ...(keys.nameKey ? [eb('name_key', '=', keys.nameKey)] : []),
      ]),
    )
    .limit(20)
    .execute();
}

/** The client a lead was converted into, if any. */
export function clientOfLead(db: Db, workspaceId: string, leadId: string) {
  return db
    .selectFrom('clients')
    .select(['id', 'name'])
    .where('workspace_id', '=', workspaceId)
    .where('lead_id', '=', leadId)
    .executeTakeFirst();
}

/** What a project needs of its client: its name and currency. */
export function findClientSummary(db: Db, workspaceId: string, id: string) {
  return db
    .selectFrom('clients')
    .select(['id', 'name', 'currency'])
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** How many projects the client has: a client with projects is not deleted. */
export async function projectCountOfClient(db: Db, clientId: string): Promise<number> {
  const row = await db
    .selectFrom('projects')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('client_id', '=', clientId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Rewrites the search text of the client's projects (name, code, client's name) after a rename. */
export async function renameInProjectSearch(db: Db, clientId: string, clientName: string): Promise<void> {
  await db
    .updateTable('projects')
    .set({ search_text: sql<string>`lower(name || ' ' || code || ' ' || ${clientName})` })
    .where('client_id', '=', clientId)
    .execute();
}

/** How many invoices and payments name the client: its books are kept, so it is not deleted. */
export async function billingCountOfClient(db: Db, clientId: string): Promise<number> {
  const [invoices, payments] = await Promise.all([
    db
      .selectFrom('invoices')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('client_id', '=', clientId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('payments')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('client_id', '=', clientId)
      .executeTakeFirstOrThrow(),
  ]);
  return Number(invoices.n) + Number(payments.n);
}

/**
 * The contacts with an e-mail of the workspace's clients (all, or those of `clientIds`), with their client's
 * name, for a mailing list (docs/product/marketing.md#lists-and-consent); at most `max`.
 */
export function contactsForAudience(db: Db, workspaceId: string, clientIds: string[] | null, max: number) {
  return db
    .selectFrom('client_contacts')
    .innerJoin('clients', 'clients.id', 'client_contacts.client_id')
    .select(['client_contacts.email', 'client_contacts.name', 'clients.name as company'])
    .where('clients.workspace_id', '=', workspaceId)
    .where('client_contacts.email', '!=', '')
    .$if(clientIds !== null, (q) => q.where('clients.id', 'in', clientIds!.length ? clientIds! : ['']))
    .orderBy('clients.name')
    .orderBy('client_contacts.position')
    .limit(max)
    .execute();
}
