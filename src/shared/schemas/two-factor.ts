import { z } from 'zod';
import { authResultSchema } from './public-user';
import { TWO_FACTOR_MESSAGES } from '../messages';

/** A 6-digit code from the app, or a recovery code (xxxxx-xxxxx); spaces typed by the user are dropped. */
export const twoFactorCodeSchema = z
  .string({ error: TWO_FACTOR_MESSAGES.codeRequired })
  .transform((value) => value.replace(/\s+/g, '').toLowerCase())
  .pipe(z.string().min(1, TWO_FACTOR_MESSAGES.codeRequired).max(40, TWO_FACTOR_MESSAGES.codeInvalid));

/** POST /api/login when the password was right and a second step follows: not a session yet. */
export const secondStepAnswerSchema = z.object({
  /** 'code': the account has 2FA; 'setup': its workspace requires 2FA and the account has none yet. */
  secondStep: z.enum(['code', 'setup']),
  /** Short-lived and good only for the second step's routes. */
  challengeToken: z.string(),
  message: z.string(),
});
export type SecondStepAnswer = z.infer<typeof secondStepAnswerSchema>;

export const loginAnswerSchema = z.union([authResultSchema, secondStepAnswerSchema]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

const challengeTokenSchema = z
  .string({ error: TWO_FACTOR_MESSAGES.challengeExpired })
  .min(1, TWO_FACTOR_MESSAGES.challengeExpired)
  .max(2000, TWO_FACTOR_MESSAGES.challengeExpired);

/** POST /api/login/two-factor */
export const secondStepInputSchema = z.object({
  challengeToken: challengeTokenSchema,
  code: twoFactorCodeSchema,
});
export type SecondStepInput = z.infer<typeof secondStepInputSchema>;

/** POST /api/login/two-factor/setup */
export const challengeInputSchema = z.object({ challengeToken: challengeTokenSchema });

/** A code proving the user holds the app (confirming set-up, turning off, new recovery codes). */
export const twoFactorCodeInputSchema = z.object({ code: twoFactorCodeSchema });

/** POST /api/profile/two-factor/setup: the account's password, so a stolen session cannot enrol its own app. */
export const twoFactorSetupInputSchema = z.object({
  password: z
    .string({ error: TWO_FACTOR_MESSAGES.passwordRequired })
    .min(1, TWO_FACTOR_MESSAGES.passwordRequired)
    .max(1024),
});
export type TwoFactorCodeInput = z.infer<typeof twoFactorCodeInputSchema>;

/** A new secret for the authenticator app: shown until confirmed with a first code. */
export const twoFactorSetupSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as an SVG QR code, as a data URL. */
  qrCode: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const recoveryCodesAnswerSchema = z.object({
  message: z.string(),
  /** Shown once; only their hashes are kept. */
  recoveryCodes: z.array(z.string()),
});
export type RecoveryCodesAnswer = z.infer<typeof recoveryCodesAnswerSchema>;

/** POST /api/login/two-factor/confirm: the session, and the recovery codes made with the new secret. */
export const setupSignInAnswerSchema = authResultSchema.extend({ recoveryCodes: z.array(z.string()) });

/** GET /api/profile/two-factor */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number(),
  requiredByWorkspace: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** PUT /api/workspace/two-factor-policy */
export const twoFactorPolicySchema = z.object({ required: z.boolean() });
export const twoFactorPolicyAnswerSchema = z.object({ required: z.boolean(), message: z.string() });

/** GET /api/users/:id/two-factor (Admin): whether a member has a factor an Admin could reset. */
export const memberTwoFactorSchema = z.object({ enabled: z.boolean(), enabledAt: z.string().nullable() });
export type MemberTwoFactor = z.infer<typeof memberTwoFactorSchema>;
