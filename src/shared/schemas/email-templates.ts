import { z } from 'zod';
import { EMAIL_TEMPLATE_LIMITS as L, STARTER_KINDS } from '../email-templates';
import { EMAIL_TEMPLATE_MESSAGES as M } from '../messages';

export * from '../email-templates';

const sampleValue = z.string().max(L.sampleMax).optional();

/** POST /api/email-templates and PUT /api/email-templates/:id. */
export const emailTemplateInputSchema = z.object({
  name: z.string({ error: M.nameRequired }).trim().min(1, M.nameRequired).max(L.nameMax),
  subject: z.string().max(L.subjectMax).default(''),
  preheader: z.string().max(L.preheaderMax).default(''),
  mjml: z.string({ error: M.mjmlRequired }).min(1, M.mjmlRequired).max(L.mjmlMax, M.mjmlTooLong),
  /** The plain-text part as the author wrote it; null: generated from the HTML. */
  textOverride: z
    .string()
    .max(L.textOverrideMax)
    .nullish()
    .transform((value) => (value && value.trim() ? value : null)),
});
export type EmailTemplateInput = z.infer<typeof emailTemplateInputSchema>;

/** POST /api/email-templates/preview: an unsaved source rendered for a sample person. */
export const emailTemplatePreviewInputSchema = z.object({
  mjml: z.string().max(L.mjmlMax, M.mjmlTooLong),
  subject: z.string().max(L.subjectMax).default(''),
  preheader: z.string().max(L.preheaderMax).default(''),
  textOverride: z.string().max(L.textOverrideMax).nullish(),
  sample: z
    .object({ name: sampleValue, company: sampleValue, owner: sampleValue, email: sampleValue })
    .optional(),
});
export type EmailTemplatePreviewInput = z.infer<typeof emailTemplatePreviewInputSchema>;

const problemSchema = z.object({ field: z.string(), message: z.string() });

export const emailTemplatePreviewSchema = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  /** Empty when the source renders; else what to fix (the html and text are then empty). */
  errors: z.array(problemSchema),
});
export type EmailTemplatePreview = z.infer<typeof emailTemplatePreviewSchema>;

export const emailTemplateSchema = z.object({
  _id: z.string(),
  name: z.string(),
  subject: z.string(),
  preheader: z.string(),
  mjml: z.string(),
  textOverride: z.string().nullable(),
  createdBy: z.string().nullable(),
  updatedBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EmailTemplateView = z.infer<typeof emailTemplateSchema>;

export const emailTemplateSummarySchema = emailTemplateSchema.pick({
  _id: true,
  name: true,
  subject: true,
  updatedAt: true,
});
export type EmailTemplateSummary = z.infer<typeof emailTemplateSummarySchema>;

export const emailTemplateListSchema = z.object({ templates: z.array(emailTemplateSummarySchema) });
export const emailTemplateAnswerSchema = z.object({ message: z.string(), template: emailTemplateSchema });
export const emailTemplateTestAnswerSchema = z.object({ message: z.string(), to: z.string() });

export const starterKindSchema = z.enum(STARTER_KINDS);
