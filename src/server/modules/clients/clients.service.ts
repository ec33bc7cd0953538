import { createHash, randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { canUseModule, isKeptOutOfDashboard } from '../../../shared/access';
import { nameKey, phoneKey } from '../../../shared/lead-duplicates';
import { CLIENT_MESSAGES as M, FINANCE_MESSAGES, PROJECT_MESSAGES } from '../../../shared/messages';
import { BLOCKED_STATUSES, type UserStatus } from '../../../shared/roles';
import type {
  ClientInput,
  ClientListQuery,
  ClientPortalEventKind,
  ClientView,
} from '../../../shared/schemas/clients';
import type { WebhookClient } from '../../../shared/webhooks';
import type { ClientContactRow, ClientRow, Database, SessionUser } from '../../db/types';
import { permissionSubject, timelineEvents } from '../../db/rows';
import { badRequest, conflict, notFound } from '../../http/errors';
import { pageInfo } from '../../http/page-info';
import { csvLine } from '../../lib/csv';
import { recordActivity } from '../activity/activity.service';
import { memberForLeads, usernamesByIds } from '../users/users.service';
import { enqueueWebhookEvent } from '../webhooks/webhooks.service';
export { contactsForAudience, contactsOf, findClient, findClientSummary } from './clients.repository';
import {
  clientBatch,
  clientEvents,
  contactsOf,
  deleteClient,
  findClient,
  insertClient,
  insertClientEvent,
  insertClientEventOnce,
  listClients,
  billingCountOfClient,
  projectCountOfClient,
  renameInProjectSearch,
  replaceContacts,
  updateClient,
} from './clients.repository';

/** What the list's search reads: the names, tax id, city and the contacts, lower-cased. */
function searchTextOf(input: ClientInput): string {
  return [
    input.name,
    input.legalName,
    input.taxId,
    input.city,
    ...input.contacts.flatMap((c) => [c.name, c.email]),
  ]
    .join(' ')
    .toLowerCase();
}

/** The client's columns from the form (the contacts are rows of their own). */
export const columnsOf = (input: ClientInput) => ({
  kind: input.kind,
  name: input.name,
  legal_name: input.legalName,
  tax_id: input.taxId,
  address_line1: input.addressLine1,
  address_line2: input.addressLine2,
  city: input.city,
  state: input.state,
  postal_code: input.postalCode,
  country: input.country,
  currency: input.currency,
  payment_terms_days: input.paymentTermsDays,
  notes: input.notes,
  search_text: searchTextOf(input),
});

/** A new client as the `client.created` webhook carries it (docs/product/integrations.md#webhooks). */
export const webhookClient = (id: string, input: ClientInput, createdAt: string): WebhookClient => ({
  id,
  name: input.name,
  legalName: input.legalName,
  taxId: input.taxId,
  country: input.country,
  state: input.state,
  currency: input.currency,
  paymentTermsDays: input.paymentTermsDays,
  contacts: input.contacts.map(({ name, email, phone, jobTitle }) => ({ name, email, phone, jobTitle })),
  createdAt,
});

export const contactRows = (workspaceId: string, clientId: string, input: ClientInput) =>
  input.contacts.map((contact, position) => ({
    id: randomUUID(),
    client_id: clientId,
    workspace_id: workspaceId,
    position,
    name: contact.name,
    email: contact.email,
    phone: contact.phone,
    job_title: contact.jobTitle,
    // The keys a lead's duplicates are found by (docs/product/leads.md#duplicates): a lead being converted
    // finds this client by its contact's phone, or name and the client's name.
    phone_key: phoneKey(contact.phone),
    name_key: input.kind === 'company' ? nameKey(contact.name, input.name) : nameKey(contact.name, ''),
  }));

function view(row: ClientRow, contacts: ClientContactRow[], owners: Map<string, string>): ClientView {
  return {
    _id: row.id,
    kind: row.kind,
    name: row.name,
    legalName: row.legal_name,
    taxId: row.tax_id,
    addressLine1: row.address_line1,
    addressLine2: row.address_line2,
    city: row.city,
    state: row.state,
    postalCode: row.postal_code,
    country: row.country,
    currency: row.currency,
    paymentTermsDays: row.payment_terms_days,
    owner: row.owner_id ? { _id: row.owner_id, username: owners.get(row.owner_id) ?? '' } : null,
    notes: row.notes,
    leadId: row.lead_id,
    contacts: contacts.map((c) => ({
      _id: c.id,
      name: c.name,
      email: c.email,
      phone: c.phone,
      jobTitle: c.job_title,
    })),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const CSV_HEADER = [
  'Name',
  'Kind',
  'Legal name',
  'Tax id',
  'Address',
  'City',
  'State',
  'Postal code',
  'Country',
  'Currency',
  'Payment terms (days)',
  'Owner',
  'Contacts',
  'Notes',
  'Created',
];
const EXPORT_BATCH = 500;

/** Clients of a workspace (docs/product/projects.md#clients): every caller already passed the Projects guard. */
export function createClientsService(db: Kysely<Database>, clock: () => Date = () => new Date()) {
  /** A member of the caller's workspace who may work on projects, or a refusal. */
  async function ownerFor(caller: SessionUser, ownerId: string, trx: Transaction<Database>): Promise<string> {
    if (!ownerId || ownerId === caller.id) return caller.id;
    const member = await memberForLeads(trx, ownerId);
    const usable =
      member &&
      member.workspace_id === caller.workspace_id &&
      !BLOCKED_STATUSES.includes(member.status as UserStatus) &&
      !isKeptOutOfDashboard(permissionSubject(member)) &&
      canUseModule(permissionSubject(member), 'projects');
    if (!usable) throw badRequest(M.ownerInvalid);
    return member.id;
  }

  async function views(rows: ClientRow[]): Promise<ClientView[]> {
    const [contacts, owners] = await Promise.all([
      contactsOf(
        db,
        rows.map((r) => r.id),
      ),
      usernamesByIds(
        db,
        rows.flatMap((r) => (r.owner_id ? [r.owner_id] : [])),
      ),
    ]);
    // Each client's contacts in one pass (an export batch holds 500 clients).
    const byClient = new Map<string, ClientContactRow[]>();
    for (const contact of contacts) {
      const list = byClient.get(contact.client_id);
      if (list) list.push(contact);
      else byClient.set(contact.client_id, [contact]);
    }
    return rows.map((row) => view(row, byClient.get(row.id) ?? [], owners));
  }

  async function one(caller: SessionUser, id: string): Promise<ClientView> {
    const row = await findClient(db, caller.workspace_id, id);
    if (!row) throw notFound(M.notFound);
    return (await views([row]))[0]!;
  }

  const ownerFilter = (caller: SessionUser, owner: string | undefined) =>
    owner === 'me' ? caller.id : owner || undefined;

  return {
    ownerFor,

    async list(caller: SessionUser, query: ClientListQuery) {
      const { rows, total } = await listClients(
        db,
        caller.workspace_id,
        query,
        ownerFilter(caller, query.owner),
      );
      return { clients: await views(rows), pagination: pageInfo(query.page, query.limit, total) };
    },

    get: one,

    async create(caller: SessionUser, input: ClientInput): Promise<ClientView> {
      const id = randomUUID();
      const now = clock().toISOString();
      await db.transaction().execute(async (trx) => {
        const ownerId = await ownerFor(caller, input.ownerId, trx);
        await insertClient(trx, {
          id,
          workspace_id: caller.workspace_id,
          ...columnsOf(input),
          owner_id: ownerId,
          lead_id: null,
          source: '',
          utm_source: null,
          utm_medium: null,
          utm_campaign: null,
          created_by: caller.id,
          created_at: now,
          updated_at: now,
        });
        await replaceContacts(trx, id, contactRows(caller.workspace_id, id, input));
        await insertClientEvent(trx, {
          id: randomUUID(),
          workspace_id: caller.workspace_id,
          client_id: id,
          kind: 'created',
          actor_id: caller.id,
          actor_name: caller.username,
          data: '{}',
          at: now,
        });
        await recordActivity(trx, {
          workspaceId: caller.workspace_id,
          userId: caller.id,
          action: `${caller.username} added the client ${input.name}`,
        });
        await enqueueWebhookEvent(
          trx,
          caller.workspace_id,
          'client.created',
          { client: webhookClient(id, input, now), leadId: null },
          clock(),
        );
      });
      return one(caller, id);
    },

    async update(caller: SessionUser, id: string, input: ClientInput): Promise<ClientView> {
      const now = clock().toISOString();
      await db.transaction().execute(async (trx) => {
        const current = await findClient(trx, caller.workspace_id, id);
        if (!current) throw notFound(M.notFound);
        const ownerId = input.ownerId === '' ? current.owner_id : await ownerFor(caller, input.ownerId, trx);
        const columns = columnsOf(input);
        await updateClient(trx, id, { ...columns, owner_id: ownerId, updated_at: now });
        // Its projects are found by its name too (their search text holds it).
        if (current.name !== input.name) await renameInProjectSearch(trx, id, input.name);
        await replaceContacts(trx, id, contactRows(caller.workspace_id, id, input));
        const changed = (Object.keys(columns) as (keyof typeof columns)[]).filter(
          (key) => key !== 'search_text' && current[key] !== columns[key],
        );
        await insertClientEvent(trx, {
          id: randomUUID(),
          workspace_id: caller.workspace_id,
          client_id: id,
          kind: 'updated',
          actor_id: caller.id,
          actor_name: caller.username,
          data: JSON.stringify({ fields: changed }),
          at: now,
        });
      });
      return one(caller, id);
    },

    /** Deletes the client with its contacts and timeline, as a lead is deleted: any member with Projects. */
    async remove(caller: SessionUser, id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        if (!(await findClient(trx, caller.workspace_id, id))) throw notFound(M.notFound);
        const projects = await projectCountOfClient(trx, id);
        if (projects > 0) throw conflict(PROJECT_MESSAGES.clientHasProjects(projects));
        if ((await billingCountOfClient(trx, id)) > 0) throw conflict(FINANCE_MESSAGES.clientHasInvoices);
        const name = await deleteClient(trx, caller.workspace_id, id);
        if (name === undefined) throw notFound(M.notFound);
        await recordActivity(trx, {
          workspaceId: caller.workspace_id,
          userId: caller.id,
          action: `${caller.username} deleted the client ${name}`,
        });
      });
    },

    async timeline(caller: SessionUser, id: string) {
      if (!(await findClient(db, caller.workspace_id, id))) throw notFound(M.notFound);
      return timelineEvents(await clientEvents(db, id, 200));
    },

    /** GET /api/clients/export.csv: every matching client by name, read a batch at a time. */
    async *exportCsv(caller: SessionUser, query: ClientListQuery): AsyncGenerator<string> {
      const ownerId = ownerFilter(caller, query.owner);
      yield `\uFEFF${csvLine(CSV_HEADER)}`;
      let after: { name: string; id: string } | null = null;
      for (;;) {
        const rows = await clientBatch(db, caller.workspace_id, query, ownerId, after, EXPORT_BATCH);
        if (rows.length === 0) return;
        const lines = (await views(rows)).map((c) =>
          csvLine([
            c.name,
            c.kind,
            c.legalName,
            c.taxId,
            [c.addressLine1, c.addressLine2].filter(Boolean).join(', '),
            c.city,
            c.state,
            c.postalCode,
            c.country,
            c.currency,
            String(c.paymentTermsDays),
            c.owner?.username ?? '',
            c.contacts.map((p) => [p.name, p.email].filter(Boolean).join(' ')).join('; '),
            c.notes,
            c.createdAt.slice(0, 10),
          ]),
        );
        yield lines.join('');
        const last = rows[rows.length - 1]!;
        after = { name: last.name, id: last.id };
      }
    },
  };
}
export type ClientsService = ReturnType<typeof createClientsService>;

/** What a contact did in the client portal, as the client's timeline keeps it. */
export interface ClientPortalEvent {
  workspaceId: string;
  clientId: string;
  kind: ClientPortalEventKind;
  /** The contact's name (their address when they have none). */
  contact: string;
  data: Record<string, unknown>;
  at: Date;
  /** Given: the event is recorded once for this key (a contact opening the same invoice again adds nothing). */
  onceKey?: string;
}

/**
 * Puts a contact's action in the client portal on the client's timeline (docs/product/portal.md#on-the-clients-timeline),
 * in the caller's transaction: the agency sees there what its client did, whoever did it and when.
 */
export async function recordClientPortalEvent(
  db: Kysely<Database> | Transaction<Database>,
  event: ClientPortalEvent,
): Promise<void> {
  const row = {
    workspace_id: event.workspaceId,
    client_id: event.clientId,
    kind: event.kind,
    actor_id: null,
    actor_name: event.contact,
    data: JSON.stringify(event.data),
    at: event.at.toISOString(),
  };
  if (!event.onceKey) return insertClientEvent(db, { id: randomUUID(), ...row });
  const id = createHash('sha256').update(`${event.kind}|${event.onceKey}`).digest('base64url');
  return insertClientEventOnce(db, { id, ...row });
}
