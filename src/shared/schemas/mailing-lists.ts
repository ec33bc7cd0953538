import { z } from 'zod';
import { MAILING_LIST_MESSAGES as M } from '../messages';
import {
  CONSENT_SOURCES,
  MAILING_LISTS as L,
  MEMBER_STATUSES,
  OPT_IN_KINDS,
  SUPPRESSION_REASONS,
} from '../mailing-lists';
import { leadListQuerySchema } from './leads';
import { pageInfoSchema } from './answers';

export * from '../mailing-lists';

const email = z
  .string({ error: M.emailInvalid })
  .trim()
  .max(L.emailMax, M.emailInvalid)
  .toLowerCase()
  .pipe(z.email({ error: M.emailInvalid }));
const optionalText = (max: number) => z.string().trim().max(max).default('');
/** The stated basis of consent: required for every import and hand-added person. */
export const consentBasisSchema = z
  .string({ error: M.basisRequired })
  .trim()
  .min(L.basisMin, M.basisRequired)
  .max(L.basisMax, M.basisRequired);

/** POST /api/mailing-lists, PUT /api/mailing-lists/:id. */
export const mailingListInputSchema = z.object({
  name: z.string({ error: M.nameRequired }).trim().min(1, M.nameRequired).max(L.nameMax),
  description: optionalText(L.descriptionMax),
  optIn: z.enum(OPT_IN_KINDS).default('double'),
  consentText: z
    .string({ error: M.consentTextRequired })
    .trim()
    .min(L.consentTextMin, M.consentTextRequired)
    .max(L.consentTextMax),
});
export type MailingListInput = z.infer<typeof mailingListInputSchema>;

export const memberCountsSchema = z.object({
  unconfirmed: z.number(),
  subscribed: z.number(),
  unsubscribed: z.number(),
});

export const mailingListSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  optIn: z.enum(OPT_IN_KINDS),
  consentText: z.string(),
  /** The public form's address on SITE_URL. */
  formUrl: z.string(),
  counts: memberCountsSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MailingList = z.infer<typeof mailingListSchema>;

export const mailingListAnswerSchema = z.object({ list: mailingListSchema });
export const mailingListsAnswerSchema = z.object({ lists: z.array(mailingListSchema) });

export const listIdParamsSchema = z.object({ id: z.string().min(1).max(100) });
export const memberParamsSchema = listIdParamsSchema.extend({ subscriberId: z.string().min(1).max(100) });

export const memberQuerySchema = z.object({
  status: z.enum(MEMBER_STATUSES).optional(),
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
});

/** The proof of one person's consent to one list. */
export const consentProofSchema = z.object({
  source: z.enum(CONSENT_SOURCES),
  /** The words agreed to, copied when they agreed. */
  text: z.string(),
  at: z.string(),
  ip: z.string().nullable(),
  /** For imports and hand-added people: the basis stated by whoever added them. */
  basis: z.string(),
});

export const listMemberSchema = z.object({
  subscriberId: z.string(),
  email: z.string(),
  name: z.string(),
  company: z.string(),
  leadId: z.string().nullable(),
  status: z.enum(MEMBER_STATUSES),
  consent: consentProofSchema,
  confirmedAt: z.string().nullable(),
  unsubscribedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ListMember = z.infer<typeof listMemberSchema>;

export const membersAnswerSchema = z.object({
  members: z.array(listMemberSchema),
  pagination: pageInfoSchema,
});

/** POST /api/mailing-lists/:id/members: one person, by hand, with the basis of their consent. */
export const addMemberSchema = z.object({
  email,
  name: optionalText(L.personNameMax),
  company: optionalText(L.companyMax),
  consentBasis: consentBasisSchema,
});
export type AddMemberInput = z.infer<typeof addMemberSchema>;
export const memberAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  member: listMemberSchema,
});

/** POST /api/mailing-lists/:id/members/from-leads: the leads the lead list's filters match. */
export const fromLeadsSchema = leadListQuerySchema
  .pick({
    search: true,
    status: true,
    priority: true,
    source: true,
    owner: true,
    followUp: true,
    dateFilter: true,
    from: true,
    to: true,
    tzOffset: true,
  })
  .extend({ consentBasis: consentBasisSchema });
export type FromLeadsInput = z.infer<typeof fromLeadsSchema>;

/** POST /api/mailing-lists/:id/members/from-clients: the contacts of chosen clients, or of all of them. */
export const fromClientsSchema = z.object({
  clientIds: z.array(z.string().min(1).max(100)).max(L.fromClientsMax).optional(),
  consentBasis: consentBasisSchema,
});
export type FromClientsInput = z.infer<typeof fromClientsSchema>;

export const addedCountsSchema = z.object({
  added: z.number(),
  /** Already on the list, suppressed, without an e-mail, or a refused row. */
  skipped: z.number(),
  suppressed: z.number(),
});
export type AddedCounts = z.infer<typeof addedCountsSchema>;

export const suppressionSchema = z.object({
  email: z.string(),
  reason: z.enum(SUPPRESSION_REASONS),
  detail: z.string(),
  createdAt: z.string(),
});
export type Suppression = z.infer<typeof suppressionSchema>;
export const suppressionQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
});
export const suppressionsAnswerSchema = z.object({
  suppressions: z.array(suppressionSchema),
  pagination: pageInfoSchema,
});
export const addSuppressionSchema = z.object({
  email,
  reason: z.literal('manual').default('manual'),
  detail: optionalText(L.detailMax),
});
export const suppressionParamsSchema = z.object({ email: z.string().min(1).max(L.emailMax) });

// The public form.
export const formKeyParamsSchema = z.object({ formKey: z.string().min(1).max(100) });
export const subscribeFormSchema = z.object({
  name: z.string(),
  consentText: z.string(),
  optIn: z.enum(OPT_IN_KINDS),
});
export type SubscribeForm = z.infer<typeof subscribeFormSchema>;
export const subscribeSchema = z.object({ email, name: optionalText(L.personNameMax) });
export const confirmSubscriptionSchema = z.object({ token: z.string().min(1).max(200) });
