import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { MAILING_LIST_MESSAGES as M } from '../../../shared/messages';
import { MAILING_LISTS as L, CONSENT_BASIS_FIELD } from '../../../shared/mailing-lists';
import {
  consentBasisSchema,
  type AddMemberInput,
  type AddedCounts,
  type FromClientsInput,
  type FromLeadsInput,
  type ListMember,
  type MailingList,
  type MailingListInput,
  type Suppression,
} from '../../../shared/schemas/mailing-lists';
import type { PageInfo } from '../../../shared/schemas/answers';
import type { Database, MailingListRow, SessionUser } from '../../db/types';
import { badRequest, conflict, notFound } from '../../http/errors';
import { pageInfo } from '../../http/page-info';
import type { Mailer } from '../../mail/mailer';
import { leadsForAudience, type CsvUpload } from '../leads/leads.service';
import { contactsForAudience } from '../clients/clients.service';
import { addPeople, writeMember, type MailNames } from './member-writes';
import { noCounts, toList, toMember, toSuppression, type Counts } from './mailing-list-views';
import { parseSubscriberCsv } from './subscriber-csv';
import {
  deleteList,
  deleteManualSuppression,
  ensureSubscriber,
  eraseOrphanSubscribers,
  eraseUnconfirmed,
  findList,
  findMember,
  findMemberView,
  findSuppression,
  insertList,
  insertSuppression,
  listNameTaken,
  listsOf,
  memberCounts,
  memberPage,
  sendableMemberRows,
  suppressionPage,
  unsubscribeMember,
  updateList,
  workspaceNameOf,
  type Db,
} from './mailing-lists.repository';

/** For campaign sending (docs/product/marketing.md#suppressions): whether no mail may go to the address. */
export async function isSuppressed(db: Db, workspaceId: string, email: string): Promise<boolean> {
  return (await findSuppression(db, workspaceId, email.trim().toLowerCase())) !== undefined;
}

/**
 * For the bounce rules (docs/product/marketing.md#bounces-and-complaints): suppresses an address the
 * product itself found undeliverable or complaining, unless it is suppressed already (the first reason
 * stays). Answers whether it was added.
 */
export function suppressAutomatically(
  db: Db,
  row: {
    workspaceId: string;
    email: string;
    reason: 'hard-bounce' | 'soft-bounce' | 'complaint';
    detail: string;
    at: string;
  },
): Promise<boolean> {
  return insertSuppression(db, {
    workspace_id: row.workspaceId,
    email: row.email.trim().toLowerCase(),
    reason: row.reason,
    detail: row.detail.slice(0, L.detailMax),
    created_by: null,
    created_at: row.at,
  });
}

/**
 * For campaign sending: the list's members a mail may go to, subscribed and not suppressed, `limit` at a
 * time after the subscriber id `afterCursor` (null for the first batch); the last row's id is the next cursor.
 */
export function sendableMembers(
  db: Db,
  workspaceId: string,
  listId: string,
  afterCursor: string | null,
  limit: number,
) {
  return sendableMemberRows(db, workspaceId, listId, afterCursor, limit);
}

const PURGE_BATCH = 500;
const PURGE_ROUNDS = 20;

/**
 * Erases double opt-in sign-ups never confirmed within 7 days, and the subscribers they leave on no list
 * and made from no lead (docs/product/marketing.md#the-subscribe-form). Run by the hourly purge.
 */
export async function purgeUnconfirmedMembers(db: Kysely<Database>, now: Date): Promise<number> {
  const before = new Date(now.getTime() - L.unconfirmedTtlMs).toISOString();
  let erased = 0;
  for (let round = 0; round < PURGE_ROUNDS; round += 1) {
    const count = await db.transaction().execute(async (trx) => {
      const subscribers = await eraseUnconfirmed(trx, before, PURGE_BATCH);
      await eraseOrphanSubscribers(trx, subscribers);
      return subscribers.length;
    });
    erased += count;
    if (count < PURGE_BATCH) break;
  }
  return erased;
}

/** The lists, members and suppressions of the caller's workspace (docs/product/marketing.md#lists-and-consent). */
export function createMailingListsService(deps: { db: Kysely<Database>; mailer: Mailer; clock: () => Date }) {
  const { db, mailer, clock } = deps;
  const formUrl = (row: MailingListRow) => mailer.link(`/subscribe/${row.form_key}`, {});

  async function listOr404(db: Db, caller: SessionUser, id: string): Promise<MailingListRow> {
    const row = await findList(db, caller.workspace_id, id);
    if (!row) throw notFound(M.listNotFound);
    return row;
  }

  async function view(caller: SessionUser, row: MailingListRow): Promise<MailingList> {
    const counts = noCounts();
    for (const entry of await memberCounts(db, caller.workspace_id, row.id))
      counts[entry.status] = entry.count;
    return toList(row, counts, formUrl(row));
  }

  async function namesFor(workspaceId: string): Promise<MailNames> {
    return { workspaceName: await workspaceNameOf(db, workspaceId), siteName: await mailer.siteName() };
  }

  async function assertNameFree(caller: SessionUser, name: string, exceptId?: string) {
    if (await listNameTaken(db, caller.workspace_id, name, exceptId)) throw conflict(M.nameTaken);
  }

  return {
    async list(caller: SessionUser): Promise<MailingList[]> {
      const rows = await listsOf(db, caller.workspace_id);
      const counts = new Map<string, Counts>();
      for (const entry of await memberCounts(db, caller.workspace_id)) {
        const of = counts.get(entry.list_id) ?? noCounts();
        of[entry.status] = entry.count;
        counts.set(entry.list_id, of);
      }
      return rows.map((row) => toList(row, counts.get(row.id) ?? noCounts(), formUrl(row)));
    },

    async get(caller: SessionUser, id: string): Promise<MailingList> {
      return view(caller, await listOr404(db, caller, id));
    },

    async create(caller: SessionUser, input: MailingListInput): Promise<MailingList> {
      await assertNameFree(caller, input.name);
      const now = clock().toISOString();
      const row: MailingListRow = {
        id: randomUUID(),
        workspace_id: caller.workspace_id,
        name: input.name,
        description: input.description,
        opt_in: input.optIn,
        consent_text: input.consentText,
        // 128 random bits: the form's address cannot be guessed from another list's.
        form_key: randomBytes(16).toString('base64url'),
        created_by: caller.id,
        created_at: now,
        updated_at: now,
      };
      await insertList(db, row);
      return view(caller, row);
    },

    /** A new consent text applies to consents given from now on: each member keeps the words they agreed to. */
    async update(caller: SessionUser, id: string, input: MailingListInput): Promise<MailingList> {
      await listOr404(db, caller, id);
      await assertNameFree(caller, input.name, id);
      await updateList(db, caller.workspace_id, id, {
        name: input.name,
        description: input.description,
        opt_in: input.optIn,
        consent_text: input.consentText,
        updated_at: clock().toISOString(),
      });
      return view(caller, await listOr404(db, caller, id));
    },

    async remove(caller: SessionUser, id: string): Promise<void> {
      if (!(await deleteList(db, caller.workspace_id, id))) throw notFound(M.listNotFound);
    },

    async members(
      caller: SessionUser,
      id: string,
      query: { status?: ListMember['status']; search?: string; page: number },
    ): Promise<{ members: ListMember[]; pagination: PageInfo }> {
      const list = await listOr404(db, caller, id);
      const { rows, total } = await memberPage(db, list.id, query, L.pageSize, (query.page - 1) * L.pageSize);
      return { members: rows.map(toMember), pagination: pageInfo(query.page, L.pageSize, total) };
    },

    /**
     * One person added by hand with the stated basis of their consent. Never over a suppression, and never
     * back onto a list they unsubscribed from: only they can, through the form.
     */
    async addMember(
      caller: SessionUser,
      id: string,
      input: AddMemberInput,
    ): Promise<{ member: ListMember; message: string }> {
      const list = await listOr404(db, caller, id);
      if (await isSuppressed(db, caller.workspace_id, input.email)) throw conflict(M.addressSuppressed);
      const names = await namesFor(caller.workspace_id);
      const now = clock();
      const subscriberId = await db.transaction().execute(async (trx) => {
        const subscriber = await ensureSubscriber(
          trx,
          { id: randomUUID(), workspaceId: caller.workspace_id, ...input, leadId: null },
          now.toISOString(),
        );
        const existing = await findMember(trx, list.id, subscriber.id);
        if (existing?.status === 'unsubscribed') throw conflict(M.memberUnsubscribed);
        if (existing) throw conflict(M.alreadyMember);
        const consent = { source: 'manual' as const, basis: input.consentBasis, ip: null };
        await writeMember(trx, mailer, list, subscriber, consent, names, now);
        return subscriber.id;
      });
      mailer.worker.kick();
      const member = toMember((await findMemberView(db, list.id, subscriberId))!);
      return { member, message: member.status === 'unconfirmed' ? M.addedUnconfirmed : M.added };
    },

    /** The leads the lead list's filters match, with an e-mail, added with the stated basis. */
    async addFromLeads(caller: SessionUser, id: string, input: FromLeadsInput): Promise<AddedCounts> {
      const list = await listOr404(db, caller, id);
      const { consentBasis, ...query } = input;
      const { leads, withoutEmail } = await leadsForAudience(
        db,
        caller.workspace_id,
        query,
        clock(),
        caller.id,
        L.fromLeadsMax,
      );
      const people = leads.map((lead) => ({
        email: lead.email.trim().toLowerCase(),
        name: lead.name,
        company: lead.company,
        leadId: lead.id,
      }));
      const counts = await addMany(list, people, { source: 'lead', basis: consentBasis, ip: null });
      return { ...counts, skipped: counts.skipped + withoutEmail };
    },

    /** The contacts (with an e-mail) of chosen clients, or of every client, with the stated basis of consent. */
    async addFromClients(caller: SessionUser, id: string, input: FromClientsInput): Promise<AddedCounts> {
      const list = await listOr404(db, caller, id);
      const contacts = await contactsForAudience(
        db,
        caller.workspace_id,
        input.clientIds ?? null,
        L.clientContactsMax,
      );
      const people = contacts.map((contact) => ({
        email: contact.email.trim().toLowerCase(),
        name: contact.name,
        company: contact.company,
        leadId: null,
      }));
      return addMany(list, people, { source: 'client', basis: input.consentBasis, ip: null });
    },

    /** A CSV of email, name, company; refused (400) without a stated basis of consent. */
    async importCsv(caller: SessionUser, id: string, upload: CsvUpload): Promise<AddedCounts> {
      const list = await listOr404(db, caller, id);
      const basis = consentBasisSchema.safeParse(upload.fields[CONSENT_BASIS_FIELD] ?? '');
      if (!basis.success) throw badRequest(M.basisRequired);
      const { people, refused } = parseSubscriberCsv(await upload.read());
      const counts = await addMany(list, people, { source: 'import', basis: basis.data, ip: null });
      return { ...counts, skipped: counts.skipped + refused };
    },

    /** Unsubscribes the person from this list; the row stays, as the proof of what they agreed to. */
    async unsubscribe(caller: SessionUser, id: string, subscriberId: string): Promise<void> {
      const list = await listOr404(db, caller, id);
      if (!(await findMember(db, list.id, subscriberId))) throw notFound(M.memberNotFound);
      await unsubscribeMember(db, list.id, subscriberId, clock().toISOString());
    },

    async suppressions(
      caller: SessionUser,
      query: { search?: string; page: number },
    ): Promise<{ suppressions: Suppression[]; pagination: PageInfo }> {
      const { rows, total } = await suppressionPage(
        db,
        caller.workspace_id,
        query.search,
        L.pageSize,
        (query.page - 1) * L.pageSize,
      );
      return { suppressions: rows.map(toSuppression), pagination: pageInfo(query.page, L.pageSize, total) };
    },

    async suppress(caller: SessionUser, input: { email: string; detail: string }): Promise<Suppression> {
      const row = {
        workspace_id: caller.workspace_id,
        email: input.email,
        reason: 'manual' as const,
        detail: input.detail,
        created_by: caller.id,
        created_at: clock().toISOString(),
      };
      if (!(await insertSuppression(db, row))) throw conflict(M.suppressionExists);
      return toSuppression(row);
    },

    /** Only a suppression added by hand is lifted by hand: an unsubscribe, bounce or complaint stays. */
    async unsuppress(caller: SessionUser, rawEmail: string): Promise<void> {
      const email = rawEmail.trim().toLowerCase();
      const row = await findSuppression(db, caller.workspace_id, email);
      if (!row) throw notFound(M.suppressionNotFound);
      if (row.reason !== 'manual') throw conflict(M.suppressionKept(row.reason));
      await deleteManualSuppression(db, caller.workspace_id, email);
    },
  };

  async function addMany(
    list: MailingListRow,
    people: Parameters<typeof addPeople>[3],
    consent: Parameters<typeof addPeople>[4],
  ): Promise<AddedCounts> {
    const names = await namesFor(list.workspace_id);
    const now = clock();
    const counts = await db
      .transaction()
      .execute((trx) => addPeople(trx, mailer, list, people, consent, names, now));
    mailer.worker.kick();
    return counts;
  }
}

export type MailingListsService = ReturnType<typeof createMailingListsService>;

/**
 * A workspace's list as its public form shows it (the Web Settings' newsletter block); undefined when the
 * list is not the workspace's or no longer exists.
 */
export async function listPublicForm(
  db: Kysely<Database>,
  workspaceId: string,
  listId: string,
): Promise<{ formKey: string; consentText: string } | undefined> {
  const list = await findList(db, workspaceId, listId);
  return list && { formKey: list.form_key, consentText: list.consent_text };
}

export {
  listUnsubscribeKeys,
  signListUnsubscribe,
  verifyListUnsubscribe,
  type UnsubscribeSubject,
} from './unsubscribe-token';
export { createListUnsubscribe, type ListUnsubscribe } from './list-unsubscribe';
export { listUnsubscribeRoutes } from './unsubscribe.routes';
