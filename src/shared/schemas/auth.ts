import { z } from 'zod';
import { AUTH_MESSAGES, SERVER_MESSAGES } from '../messages';
import { PASSWORD_MIN_LENGTH } from '../constants';
import { USER_TYPES } from '../roles';

/** A required, trimmed, lower-cased e-mail address (sign-up, password reset, invitations). */
export const emailSchema = z
  .string({ error: SERVER_MESSAGES.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, SERVER_MESSAGES.emailRequired)
  .max(254, SERVER_MESSAGES.emailInvalid)
  .pipe(z.email({ error: SERVER_MESSAGES.emailInvalid }));

/** POST /api/login. docs/product/auth.md#sign-in: both required (one message), e-mail trimmed. */
export const loginSchema = z.object({
  email: z
    .string({ error: AUTH_MESSAGES.loginRequired })
    .trim()
    .toLowerCase()
    .min(1, AUTH_MESSAGES.loginRequired),
  password: z.string({ error: AUTH_MESSAGES.loginRequired }).min(1, AUTH_MESSAGES.loginRequired).max(1024),
});
export type LoginInput = z.infer<typeof loginSchema>;

/**
 * POST /api/register. Checks run in the spec's order: user type, required fields, matching passwords,
 * length. The role is derived from userType on the server; a role sent by the client is ignored.
 */
export const registerSchema = z
  .object({
    userType: z.enum(USER_TYPES, { error: AUTH_MESSAGES.chooseUserType }),
    username: z.string().trim().max(100).optional(),
    businessName: z.string().trim().max(200).optional(),
    email: emailSchema,
    password: z.string({ error: SERVER_MESSAGES.passwordRequired }).max(1024),
    confirmPassword: z.string().optional(),
    role: z.string().optional(),
    /** From an invitation link: joins the inviting workspace as a Team Member, whatever the domain. */
    inviteToken: z.string().trim().min(1).max(200).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.userType === 'team-member' && !value.username) {
      ctx.addIssue({ code: 'custom', path: ['username'], message: SERVER_MESSAGES.usernameRequired });
    }
    if (value.userType !== 'team-member' && !value.businessName) {
      ctx.addIssue({ code: 'custom', path: ['businessName'], message: SERVER_MESSAGES.businessNameRequired });
    }
    if (value.confirmPassword !== undefined && value.confirmPassword !== value.password) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: AUTH_MESSAGES.passwordsMismatch });
    } else if (value.password.length < PASSWORD_MIN_LENGTH) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: AUTH_MESSAGES.passwordTooShort });
    }
  });
export type RegisterInput = z.infer<typeof registerSchema>;

/** POST /api/check-domain */
export const checkDomainSchema = z.object({
  domain: z
    .string({ error: AUTH_MESSAGES.domainNotFound })
    .trim()
    .toLowerCase()
    .min(1, AUTH_MESSAGES.domainNotFound)
    .max(253),
});
