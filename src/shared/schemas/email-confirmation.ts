import { z } from 'zod';
import { EMAIL_CONFIRMATION_MESSAGES as M } from '../messages';

/** POST /api/email-confirmation/confirm: the token of the link in the confirmation e-mail. */
export const confirmEmailSchema = z.object({
  token: z.string({ error: M.invalidLink }).trim().min(1, M.invalidLink).max(200, M.invalidLink),
});

export const confirmEmailAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** The account joined a workspace that requires two-factor sign-in: its sessions ended, sign in again. */
  signInAgain: z.boolean(),
});
export type ConfirmEmailAnswer = z.infer<typeof confirmEmailAnswerSchema>;
