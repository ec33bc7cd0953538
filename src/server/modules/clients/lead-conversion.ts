import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { CLIENT_MESSAGES as M, PROJECT_MESSAGES } from '../../../shared/messages';
import {
  DEFAULT_COUNTRY,
  DEFAULT_CURRENCY,
  DEFAULT_PAYMENT_TERMS_DAYS,
  type ClientInput,
  type LeadConversionDraft,
  type LeadConversionInput,
} from '../../../shared/schemas/clients';
import type { ConversionProjectInput, ProjectView } from '../../../shared/schemas/projects';
import type { Database, LeadRow, SessionUser } from '../../db/types';
import { conflict, notFound } from '../../http/errors';
import { isUniqueViolation } from '../../db/unique-violation';
import { recordActivity } from '../activity/activity.service';
import { applyLeadEdit, findLead, recordLeadEvents } from '../leads/leads.service';
import { enqueueWebhookEvent } from '../webhooks/webhooks.service';
import {
  clientOfLead,
  contactsMatching,
  findClient,
  insertClient,
  insertClientEvent,
  replaceContacts,
  updateClient,
} from './clients.repository';
import { columnsOf, contactRows, webhookClient, type ClientsService } from './clients.service';

type Reason = 'email' | 'phone' | 'name';

/**
 * How a conversion makes the client's first project: the Projects module's own creation, run in the
 * conversion's transaction (handed in by the app, so clients do not import projects, which import clients).
 */
export interface FirstProjectMaker {
  createIn(
    trx: Transaction<Database>,
    caller: SessionUser,
    client: { id: string; name: string; currency: string },
    input: ConversionProjectInput,
  ): Promise<string>;
  get(caller: SessionUser, id: string): Promise<ProjectView>;
}

/** A new client as the lead suggests it: the company (or the person), the person as its first contact. */
function draftFrom(lead: LeadRow): Partial<ClientInput> {
  return {
    kind: lead.company ? 'company' : 'person',
    name: lead.company || lead.name,
    country: DEFAULT_COUNTRY,
    currency: DEFAULT_CURRENCY,
    paymentTermsDays: DEFAULT_PAYMENT_TERMS_DAYS,
    notes: lead.notes,
    contacts: [{ name: lead.name, email: lead.email.toLowerCase(), phone: lead.phone, jobTitle: '' }],
  };
}

/**
 * A won lead becomes a client (docs/product/projects.md#converting-a-lead): a new one made from the form,
 * or one the workspace already has (found by the lead duplicate rules). In one transaction the lead is set
 * Converted as an edit would set it, the client keeps the lead's source and campaign, both timelines say so
 * and the activity too. A lead converts once.
 */
export function createLeadConversion(
  db: Kysely<Database>,
  clients: ClientsService,
  projects: FirstProjectMaker,
  clock: () => Date,
) {
  async function leadOf(trx: Kysely<Database> | Transaction<Database>, caller: SessionUser, id: string) {
    const lead = await findLead(trx, caller.workspace_id, id);
    if (!lead) throw notFound(M.leadNotFound);
    return lead;
  }

  return {
    /** GET /api/leads/:id/convert: the clients it may already be, a draft of a new one, a past conversion. */
    async draft(caller: SessionUser, leadId: string): Promise<LeadConversionDraft> {
      const lead = await leadOf(db, caller, leadId);
      const found = await contactsMatching(db, caller.workspace_id, {
        email: lead.email_lower,
        phoneKey: lead.phone_key,
        nameKey: lead.name_key,
      });
      const reasons = new Map<string, Set<Reason>>();
      for (const contact of found) {
        const why = reasons.get(contact.client_id) ?? new Set<Reason>();
        if (lead.email_lower && contact.email === lead.email_lower) why.add('email');
        if (lead.phone_key && contact.phone_key === lead.phone_key) why.add('phone');
        if (lead.name_key && contact.name_key === lead.name_key) why.add('name');
        reasons.set(contact.client_id, why);
      }
      const matches = await Promise.all(
        [...reasons].map(async ([id, why]) => ({
          client: await clients.get(caller, id),
          reasons: [...why],
        })),
      );
      const past = await clientOfLead(db, caller.workspace_id, leadId);
      return {
        matches,
        draft: draftFrom(lead),
        convertedInto: past ? { _id: past.id, name: past.name } : null,
      };
    },

    /** POST /api/leads/:id/convert. */
    async convert(caller: SessionUser, leadId: string, input: LeadConversionInput) {
      const at = clock();
      const now = at.toISOString();
      const linked = 'clientId' in input;
      const made = await db
        .transaction()
        .execute(async (trx) => {
          // The edit locks the lead first: two conversions of one lead take turns, the second finds the first.
          const lead = await applyLeadEdit(trx, caller, leadId, { status: 'Converted' }, at);
          const past = await clientOfLead(trx, caller.workspace_id, leadId);
          if (past) throw conflict(M.alreadyConverted(past.name));
          const attribution = {
            lead_id: lead.id,
            source: lead.source,
            utm_source: lead.utm_source,
            utm_medium: lead.utm_medium,
            utm_campaign: lead.utm_campaign,
          };
          let id: string;
          let name: string;
          let currency: string;
          if ('clientId' in input) {
            const client = await findClient(trx, caller.workspace_id, input.clientId);
            if (!client) throw notFound(M.notFound);
            id = client.id;
            name = client.name;
            currency = client.currency;
            // A client found again keeps the first lead it came from, and that lead's campaign.
            if (client.lead_id === null) await updateClient(trx, id, { ...attribution, updated_at: now });
          } else {
            id = randomUUID();
            name = input.client.name;
            currency = input.client.currency;
            await insertClient(trx, {
              id,
              workspace_id: caller.workspace_id,
              ...columnsOf(input.client),
              owner_id: await clients.ownerFor(caller, input.client.ownerId, trx),
              ...attribution,
              created_by: caller.id,
              created_at: now,
              updated_at: now,
            });
            await replaceContacts(trx, id, contactRows(caller.workspace_id, id, input.client));
            await enqueueWebhookEvent(
              trx,
              caller.workspace_id,
              'client.created',
              { client: webhookClient(id, input.client, now), leadId: lead.id },
              at,
            );
          }
          await insertClientEvent(trx, {
            id: randomUUID(),
            workspace_id: caller.workspace_id,
            client_id: id,
            kind: 'converted',
            actor_id: caller.id,
            actor_name: caller.username,
            data: JSON.stringify({ leadId: lead.id, leadName: lead.name, linked }),
            at: now,
          });
          await recordLeadEvents(
            trx,
            [
              {
                workspaceId: caller.workspace_id,
                leadId: lead.id,
                kind: 'client',
                actor: caller,
                data: { clientId: id, name, linked },
              },
            ],
            at,
          );
          await recordActivity(trx, {
            workspaceId: caller.workspace_id,
            userId: caller.id,
            kind: 'lead-converted',
            action: linked
              ? `${caller.username} converted lead ${lead.name} and linked it to the client ${name}`
              : `${caller.username} converted lead ${lead.name} into the client ${name}`,
          });
          const projectId = input.project
            ? await projects.createIn(trx, caller, { id, name, currency }, input.project)
            : null;
          return { clientId: id, projectId };
        })
        .catch((error: unknown) => {
          // Two writes racing for one chosen project code: the unique index refuses the second.
          if (isUniqueViolation(error) && input.project)
            throw conflict(PROJECT_MESSAGES.codeTaken(input.project.code));
          throw error;
        });
      const client = await clients.get(caller, made.clientId);
      return {
        success: true as const,
        message: linked ? M.linked(client.name) : M.converted(client.name),
        client,
        linked,
        project: made.projectId ? await projects.get(caller, made.projectId) : null,
      };
    },
  };
}
export type LeadConversion = ReturnType<typeof createLeadConversion>;
