import { z } from 'zod';
import { CONTACT_MESSAGES } from '../messages';

/** Spec §9-style limits of the contact form; notes (subject + message) stay within a lead's 5000. */
export const CONTACT_LIMITS = {
  nameMax: 200,
  emailMax: 254,
  subjectMax: 200,
  messageMax: 4000,
  /** Text the home hero may carry into the message through the URL. */
  heroMessageMax: 1000,
  /** Accepted messages per client IP within the window before the server answers 429. */
  rateLimit: 5,
  rateWindowMs: 10 * 60 * 1000,
} as const;

const required = (field: string, max: number) =>
  z
    .string({ error: CONTACT_MESSAGES.requiredFields })
    .trim()
    .min(1, CONTACT_MESSAGES.requiredFields)
    .max(max, CONTACT_MESSAGES.tooLong(field, max));

/**
 * POST /api/contact. Spec §5: name, email and message required ('Please fill required fields.'), subject
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
});
export type ContactInput = z.infer<typeof contactSchema>;
