import { CONTACT_MESSAGES } from '../../../shared/messages';
import { api, isHttpError, serverMessage } from '../../lib/api-client';
import { visitTouch } from '../../lib/visit-touch';

export interface ContactValues {
  name: string;
  email: string;
  subject: string;
  message: string;
}

export const EMPTY_CONTACT: ContactValues = { name: '', email: '', subject: '', message: '' };

/**
 * POST /api/contact: the server stores the message as a lead; 201 {success:true}. The visit's last
 * non-direct touch goes with it (docs/product/analytics.md#lead-attribution).
 */
export async function sendContact(values: ContactValues): Promise<void> {
  await api.post('contact', { ...values, attribution: visitTouch() });
}

/**
 * Failure text (docs/product/public-site.md#contact), except where the server says something the visitor can act on: a malformed
 * e-mail (400) or too many messages (429).
 */
export function contactFailureText(error: unknown): string {
  const status = isHttpError(error) ? error.response?.status : undefined;
  if (status === 400 || status === 429) return serverMessage(error) ?? CONTACT_MESSAGES.failed;
  return CONTACT_MESSAGES.failed;
}

/** docs/product/public-site.md#contact: name, email and message are required (after trimming). */
export function missingRequired(values: ContactValues): (keyof ContactValues)[] {
  return (['name', 'email', 'message'] as const).filter((field) => !values[field].trim());
}
