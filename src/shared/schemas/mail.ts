import { z } from 'zod';
import { EMAIL_SETUP_DEFAULTS, EMAIL_SETUP_LIMITS as L, MAIL_KINDS } from '../mail';
import { PASSWORD_MIN_LENGTH } from '../constants';
import { AUTH_MESSAGES, SERVER_MESSAGES, EMAIL_SETUP_MESSAGES as M } from '../messages';
import { emailSchema } from './auth';

/** A DNS name or an IP literal: letters, digits, dots, hyphens and (IPv6) colons, nothing else. */
const HOST_PATTERN = /^(\[?[0-9a-f:.]+\]?|[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*)$/i;

const requiredText = (required: string, field: string, max: number) =>
  z.string({ error: required }).trim().min(1, required).max(max, M.tooLong(field, max));

/** The spec's port: numeric (the form sends a number; a numeric string is accepted too). */
const port = z
  .union([z.number(), z.string()], { error: M.portRequired })
  .transform((value, ctx) => {
    if (typeof value === 'number') return value;
    if (value.trim() === '') {
      ctx.addIssue({ code: 'custom', message: M.portRequired });
      return z.NEVER;
    }
    return /^\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
  })
  .pipe(
    z.number({ error: M.portInvalid }).int(M.portInvalid).min(1, M.portInvalid).max(65535, M.portInvalid),
  );

/**
 * POST /api/email/setup: the spec's payload `{host, port, secure, auth:{user, pass}, from}`, all required.
 * An empty `pass` keeps the stored password (the form never receives it back) as long as host, port and
 * user are unchanged; the server refuses it when none is stored yet or when any of those changed.
 */
export const emailSetupSchema = z.object({
  host: requiredText(M.hostRequired, 'SMTP host', L.hostMax)
    .toLowerCase()
    .regex(HOST_PATTERN, M.hostInvalid)
    .transform((host) => host.replace(/^\[|\]$/g, '')),
  port,
  secure: z.boolean().default(EMAIL_SETUP_DEFAULTS.secure),
  auth: z.object(
    {
      user: requiredText(M.userRequired, 'SMTP user', L.userMax),
      pass: z.string().max(L.passMax, M.tooLong('SMTP password', L.passMax)).default(''),
    },
    { error: M.userRequired },
  ),
  from: requiredText(M.fromRequired, 'Sender name', L.fromMax),
});
export type EmailSetupInput = z.infer<typeof emailSetupSchema>;

/** GET /api/email/setup: what is stored, never the password. */
export const emailSetupViewSchema = z.object({
  host: z.string(),
  port: z.number(),
  secure: z.boolean(),
  auth: z.object({ user: z.string() }),
  from: z.string(),
  passwordSet: z.literal(true),
  updatedAt: z.string(),
  verifiedAt: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type EmailSetupView = z.infer<typeof emailSetupViewSchema>;

/** Where this workspace's mail goes out, and whether it works (the set-up page's status line). */
export const emailDeliveryStateSchema = z.object({
  /** 'own': this workspace's set-up; 'platform': the agency's or SMTP_URL; 'none': nothing delivers. */
  transport: z.enum(['own', 'platform', 'none']),
  /** The transport's last attempt worked (or no attempt was made yet). */
  healthy: z.boolean(),
});
export type EmailDeliveryState = z.infer<typeof emailDeliveryStateSchema>;

/** GET /api/email/setup */
export const emailSetupAnswerSchema = z.object({
  config: emailSetupViewSchema.nullable(),
  delivery: emailDeliveryStateSchema,
  /** Whether the caller may save it (the agency's set-up carries platform mail: Admin only, docs/product/email.md#platform-mail). */
  editable: z.boolean(),
  /** Why not, in one sentence; null when editable. */
  readOnlyReason: z.string().nullable(),
});
export type EmailSetupAnswer = z.infer<typeof emailSetupAnswerSchema>;
/** POST /api/email/setup */
export const emailSetupSavedSchema = emailSetupAnswerSchema.extend({
  success: z.literal(true),
  message: z.string(),
});
/** POST /api/email/test: to the signed-in user unless another address is given. */
export const emailTestSchema = z.object({
  to: z
    .string()
    .trim()
    .toLowerCase()
    .max(254, M.recipientInvalid)
    .pipe(z.email({ error: M.recipientInvalid }))
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

export const deliveryLogEntrySchema = z.object({
  _id: z.string(),
  kind: z.enum(MAIL_KINDS),
  to: z.string(),
  subject: z.string(),
  status: z.enum(['queued', 'sending', 'sent', 'failed']),
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
});
export type DeliveryLogEntry = z.infer<typeof deliveryLogEntrySchema>;
/** GET /api/email/messages */
export const deliveryLogAnswerSchema = z.object({ messages: z.array(deliveryLogEntrySchema) });
/** POST /api/password/forgot */
export const forgotPasswordSchema = z.object({ email: emailSchema });

/** POST /api/password/reset: the token from the link, and the new password twice (docs/product/auth.md#password-reset rules). */
export const resetPasswordSchema = z
  .object({
    token: z.string().trim().min(1).max(200),
    password: z.string({ error: SERVER_MESSAGES.passwordRequired }).max(1024),
    confirmPassword: z.string().optional(),
    /** Also revoke the API keys and webhooks the account made since then (docs/security.md#lasting-credentials). */
    revokeCredentialsSince: z.iso.datetime({ offset: true }).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.confirmPassword !== undefined && value.confirmPassword !== value.password)
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: AUTH_MESSAGES.passwordsMismatch });
    else if (value.password.length < PASSWORD_MIN_LENGTH)
      ctx.addIssue({ code: 'custom', path: ['password'], message: AUTH_MESSAGES.passwordTooShort });
  });

/** POST /api/workspace/invitations */
export const invitationSchema = z.object({ email: emailSchema });

export const invitationViewSchema = z.object({
  _id: z.string(),
  email: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  invitedBy: z.string().nullable(),
});
export type InvitationView = z.infer<typeof invitationViewSchema>;
/** GET /api/workspace/invitations */
export const invitationListAnswerSchema = z.object({ invitations: z.array(invitationViewSchema) });
/** POST /api/workspace/invitations: the invitation, never its link (that goes to the invitee's mailbox only). */
export const invitationSentAnswerSchema = z.object({
  success: z.literal(true),
  invitation: invitationViewSchema,
});
/** GET /api/invitations/{token}: what the sign-up page shows the invited person. */
export const invitationDescriptionSchema = z.object({ workspaceName: z.string(), email: z.string() });
