import type { ContactInput } from '../../../shared/schemas/contact';
import { createLead, recordLeadEvents } from '../leads/leads.service';
import { leadAttribution } from '../analytics/analytics.service';
import { AGENCY_WORKSPACE_ID } from '../../../shared/workspace-deletion';
import { enqueueMail } from '../../mail/outbox';
import type { Mailer } from '../../mail/mailer';
import { contactMail } from '../../mail/templates';
import { enqueueWebhookEvent } from '../webhooks/webhooks.service';

/** The lead's notes: the subject (when given) above the message, so the agency reads both in one place. */
export function contactNotes({ subject, message }: Pick<ContactInput, 'subject' | 'message'>): string {
  return subject ? `Subject: ${subject}\n\n${message}` : message;
}

/**
 * docs/product/public-site.md#contact: a contact message is stored as a new lead (source Website) of the agency's own workspace,
 * and e-mailed to the agency's sender address with the visitor as Reply-To, in the same transaction.
 */
export function createContactService(mailer: Mailer) {
  return {
    async send(input: ContactInput): Promise<void> {
      const now = mailer.now();
      const siteName = await mailer.siteName();
      await createLead(
        mailer.db,
        AGENCY_WORKSPACE_ID,
        {
          name: input.name,
          email: input.email,
          phone: '',
          company: '',
          source: 'Website',
          notes: contactNotes(input),
          attribution: leadAttribution(input.attribution, now, mailer.config.siteUrl),
        },
        null,
        now,
        async (trx, lead) => {
          // The message on the lead's timeline, and on every other lead with this e-mail
          // (docs/product/leads.md#timeline).
          await recordLeadEvents(
            trx,
            [
              {
                workspaceId: AGENCY_WORKSPACE_ID,
                leadId: lead.id,
                kind: 'contact-message',
                actor: null,
                data: { subject: input.subject ?? '', message: input.message },
              },
            ],
            now,
          );
          await enqueueMail(
            trx,
            {
              workspaceId: AGENCY_WORKSPACE_ID,
              kind: 'contact',
              via: 'workspace',
              to: '',
              replyTo: input.email,
              ...contactMail(siteName, input),
            },
            now,
          );
          const message = {
            name: input.name,
            email: input.email,
            subject: input.subject ?? '',
            message: input.message,
          };
          await enqueueWebhookEvent(
            trx,
            AGENCY_WORKSPACE_ID,
            'contact.received',
            { leadId: lead.id, ...message },
            now,
          );
        },
      );
      mailer.worker.kick();
    },
  };
}
export type ContactService = ReturnType<typeof createContactService>;
