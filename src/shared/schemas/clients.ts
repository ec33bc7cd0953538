import { z } from 'zod';
import {
  CLIENT_KINDS,
  CLIENT_LIMITS,
  DEFAULT_COUNTRY,
  DEFAULT_CURRENCY,
  DEFAULT_PAYMENT_TERMS_DAYS,
  INDIAN_STATES,
  isCountry,
  isCurrency,
  normaliseTaxId,
  taxIdProblem,
} from '../clients';
import { CLIENT_MESSAGES as M } from '../messages';
import { pageInfoSchema, recordTimelineSchema } from './answers';
import { conversionProjectSchema, projectSchema } from './projects';

export * from '../clients';

const text = (max: number) => z.string().trim().max(max);

/** One person at the client: name required, the rest optional. */
export const clientContactSchema = z.object({
  name: z
    .string({ error: M.contactNameRequired })
    .trim()
    .min(1, M.contactNameRequired)
    .max(CLIENT_LIMITS.contactNameMax),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .refine((value) => value === '' || z.email().safeParse(value).success, M.contactEmailInvalid)
    .default(''),
  phone: text(CLIENT_LIMITS.phoneMax).default(''),
  jobTitle: text(CLIENT_LIMITS.jobTitleMax).default(''),
});
export type ClientContactInput = z.infer<typeof clientContactSchema>;

const clientFields = {
  kind: z.enum(CLIENT_KINDS).default('company'),
  name: z
    .string({ error: M.nameRequired })
    .trim()
    .min(1, M.nameRequired)
    .max(CLIENT_LIMITS.nameMax, M.nameTooLong),
  legalName: text(CLIENT_LIMITS.legalNameMax).default(''),
  taxId: z
    .string()
    .max(CLIENT_LIMITS.taxIdMax * 2)
    .transform(normaliseTaxId)
    .default(''),
  addressLine1: text(CLIENT_LIMITS.addressLineMax).default(''),
  addressLine2: text(CLIENT_LIMITS.addressLineMax).default(''),
  city: text(CLIENT_LIMITS.cityMax).default(''),
  state: text(CLIENT_LIMITS.stateMax).default(''),
  postalCode: text(CLIENT_LIMITS.postalCodeMax).default(''),
  country: z.string().trim().toUpperCase().refine(isCountry, M.countryInvalid).default(DEFAULT_COUNTRY),
  currency: z.string().trim().toUpperCase().refine(isCurrency, M.currencyInvalid).default(DEFAULT_CURRENCY),
  paymentTermsDays: z
    .number({ error: M.paymentTermsInvalid })
    .int(M.paymentTermsInvalid)
    .min(0, M.paymentTermsInvalid)
    .max(CLIENT_LIMITS.paymentTermsMaxDays, M.paymentTermsInvalid)
    .default(DEFAULT_PAYMENT_TERMS_DAYS),
  /** A member of the workspace who may use Projects; empty: the one who adds the client. */
  ownerId: text(100).default(''),
  notes: text(CLIENT_LIMITS.notesMax).default(''),
  contacts: z.array(clientContactSchema).max(CLIENT_LIMITS.contactsMax, M.tooManyContacts).default([]),
};

/** The rules between fields: India's state from the list, the tax id as the country writes it. */
function checkPlaceAndTaxId(
  value: { country: string; state: string; taxId: string },
  context: z.RefinementCtx,
): void {
  if (value.country === 'IN') {
    if (!value.state) context.addIssue({ code: 'custom', path: ['state'], message: M.stateRequired });
    else if (!INDIAN_STATES.some(([, name]) => name.toLowerCase() === value.state.toLowerCase()))
      context.addIssue({ code: 'custom', path: ['state'], message: M.stateInvalid });
  }
  if (!value.taxId) return;
  const problem = taxIdProblem(value.taxId, value.country, value.state);
  if (problem === null) return;
  const message = {
    gstin: M.gstinInvalid,
    gstinState: M.gstinState,
    vat: M.vatInvalid,
    other: M.taxIdInvalid,
  }[problem];
  context.addIssue({ code: 'custom', path: ['taxId'], message });
}

/** POST /api/clients and PUT /api/clients/:id: the whole client, its contacts replaced by those sent. */
const clientFieldsSchema = z.object(clientFields);
export const clientInputSchema = clientFieldsSchema.superRefine(checkPlaceAndTaxId);
export type ClientInput = z.infer<typeof clientInputSchema>;

export const CLIENT_SORT_FIELDS = ['name', 'created', 'updated'] as const;

/** GET /api/clients and its CSV export. */
export const clientListQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  owner: text(100).optional(),
  country: z.string().trim().toUpperCase().max(2).optional(),
  currency: z.string().trim().toUpperCase().max(3).optional(),
  sort: z.enum(CLIENT_SORT_FIELDS).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(CLIENT_LIMITS.pageMax).default(25),
});
export type ClientListQuery = z.infer<typeof clientListQuerySchema>;

export const clientContactViewSchema = clientContactSchema.extend({ _id: z.string() });

/** A client as the API shows it. */
export const clientSchema = z.object({
  _id: z.string(),
  kind: z.enum(CLIENT_KINDS),
  name: z.string(),
  legalName: z.string(),
  taxId: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  country: z.string(),
  currency: z.string(),
  paymentTermsDays: z.number().int(),
  owner: z.object({ _id: z.string(), username: z.string() }).nullable(),
  notes: z.string(),
  /** The lead it was converted from, when it was. */
  leadId: z.string().nullable(),
  contacts: z.array(clientContactViewSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ClientView = z.infer<typeof clientSchema>;

export const clientAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  client: clientSchema,
});
export const clientListSchema = z.object({ clients: z.array(clientSchema), pagination: pageInfoSchema });

/** What the client's contacts did in the client portal, on the client's timeline (docs/product/portal.md#on-the-clients-timeline). */
export const CLIENT_PORTAL_EVENT_KINDS = [
  'portal-signed-in',
  'portal-task',
  'portal-estimate-answered',
  'portal-invoice-viewed',
  'portal-payment-notice',
] as const;
export type ClientPortalEventKind = (typeof CLIENT_PORTAL_EVENT_KINDS)[number];

export const CLIENT_EVENT_KINDS = ['created', 'updated', 'converted', ...CLIENT_PORTAL_EVENT_KINDS] as const;

/** GET /api/clients/:id/timeline: newest first. */
export const clientTimelineSchema = recordTimelineSchema;

/** Why a client may be the lead being converted: the lead duplicate rules (docs/product/leads.md#duplicates). */
export const CLIENT_MATCH_REASONS = ['email', 'phone', 'name'] as const;

/** GET /api/leads/:id/convert: the clients the lead may already be, and a new client drafted from it. */
export const leadConversionDraftSchema = z.object({
  matches: z.array(z.object({ client: clientSchema, reasons: z.array(z.enum(CLIENT_MATCH_REASONS)) })),
  draft: clientFieldsSchema.partial(),
  /** The client the lead was converted into already, if it was. */
  convertedInto: z.object({ _id: z.string(), name: z.string() }).nullable(),
});
export type LeadConversionDraft = z.infer<typeof leadConversionDraftSchema>;

/** POST /api/leads/:id/convert: link to a client of the workspace, or make a new one from this form. */
export const leadConversionSchema = z.union([
  z
    .object({ clientId: z.string().trim().min(1).max(100), project: conversionProjectSchema.optional() })
    .strict(),
  z.object({ client: clientInputSchema, project: conversionProjectSchema.optional() }).strict(),
]);
export type LeadConversionInput = z.infer<typeof leadConversionSchema>;

export const leadConversionAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  client: clientSchema,
  /** True when the lead was linked to a client the workspace had. */
  linked: z.boolean(),
  /** The client's first project, when the conversion made one. */
  project: projectSchema.nullable(),
});
