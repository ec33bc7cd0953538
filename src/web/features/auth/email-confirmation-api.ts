import { api } from '../../lib/api-client';
import type { ConfirmEmailAnswer } from '../../../shared/schemas/email-confirmation';

/** POST /api/email-confirmation/confirm with the link's token (public): 400 when invalid, used or expired. */
export async function confirmEmail(token: string): Promise<ConfirmEmailAnswer> {
  return (await api.post<ConfirmEmailAnswer>('email-confirmation/confirm', { token })).data;
}

/** POST /api/email-confirmation (signed in): mails a new link; 429 after a few an hour, 409 once confirmed. */
export async function resendConfirmation(): Promise<string> {
  return (await api.post<{ success: true; message: string }>('email-confirmation')).data.message;
}
