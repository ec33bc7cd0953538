import { z } from 'zod';
import { CONTACT_MESSAGES } from '../messages';
import { CONTACT_LIMITS } from '../contact';
import { visitTouchSchema } from './analytics';

export * from '../contact';

const required = (field: string, max: number) =>
  z
    .string({ error: CONTACT_MESSAGES.requiredFields })
    .trim()
    .min(1, CONTACT_MESSAGES.requiredFields)
    .max(max, CONTACT_MESSAGES.tooLong(field, max));

/**
 * POST /api/contact. docs/product/public-site.md#contact: name, email and message required ('Please fill required fields.'), subject
 * optional. Keys are ordered so a missing field is reported before a malformed e-mail.
 */
export const contactSchema = z.object({
  name: required('Name', CONTACT_LIMITS.nameMax),
  message: required('Message', CONTACT_LIMITS.messageMax),
  email: required('Email', CONTACT_LIMITS.emailMax)
    .toLowerCase()
    .pipe(z.email({ error: CONTACT_MESSAGES.emailInvalid })),
  subject: z
    .string()
    .trim()
    .max(CONTACT_LIMITS.subjectMax, CONTACT_MESSAGES.tooLong('Subject', CONTACT_LIMITS.subjectMax))
    .nullish()
    .transform((subject) => subject ?? ''),
  /**
   * The visit's last non-direct touch the browser kept (docs/product/analytics.md#lead-attribution): a claim that
   * is not of its shape is dropped, and the message still goes.
   */
  attribution: visitTouchSchema.nullish().catch(null),
});
export type ContactInput = z.infer<typeof contactSchema>;
