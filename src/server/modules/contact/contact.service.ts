import type { Kysely } from 'kysely';
import type { ContactInput } from '../../../shared/schemas/contact';
import type { Database } from '../../db/types';
import { createLead } from '../leads/leads.service';
import { AGENCY_WORKSPACE_ID } from '../workspaces/workspaces.repository';

/** The lead's notes: the subject (when given) above the message, so the agency reads both in one place. */
export function contactNotes({ subject, message }: Pick<ContactInput, 'subject' | 'message'>): string {
  return subject ? `Subject: ${subject}\n\n${message}` : message;
}

/** DESIGN §7: a contact message is stored as a new lead (source Website) of the agency's own workspace. */
export function createContactService(db: Kysely<Database>, now: () => Date = () => new Date()) {
  return {
    async send(input: ContactInput): Promise<void> {
      await createLead(
        db,
        AGENCY_WORKSPACE_ID,
        {
          name: input.name,
          email: input.email,
          phone: '',
          company: '',
          source: 'Website',
          notes: contactNotes(input),
        },
        null,
        now(),
      );
    },
  };
}
export type ContactService = ReturnType<typeof createContactService>;
