import { z } from 'zod';
import { emailSchema } from './auth';

/**
 * The client portal's requests and answers (docs/product/portal.md): the portal's own routes under
 * /api/portal and the staff's under /api/clients/:id/portal-access.
 */

/** POST /api/portal/sign-in */
export const portalSignInSchema = z.object({ email: emailSchema });

/** POST /api/portal/sign-in → 202, the same for every address. */
export const portalSignInAnswerSchema = z.object({ message: z.string() });

/** POST /api/portal/session: the token of a sign-in link. */
export const portalSessionSchema = z.object({ token: z.string().trim().min(1).max(200) });

/** The agency's brand from Web Settings, as the portal shows it. */
export const portalBrandSchema = z.object({
  siteName: z.string(),
  /** The logo's address (/api/media/…), or null for the name alone. */
  logoUrl: z.string().nullable(),
  /** #rrggbb */
  brandColor: z.string(),
});
export type PortalBrand = z.infer<typeof portalBrandSchema>;

/** GET /api/portal/me, and the answer of POST /api/portal/session. */
export const portalIdentitySchema = z.object({
  contact: z.object({ name: z.string(), email: z.string() }),
  client: z.object({ id: z.string(), name: z.string() }),
  workspace: z.object({ name: z.string() }),
  brand: portalBrandSchema,
});
export type PortalIdentityView = z.infer<typeof portalIdentitySchema>;

/** POST /api/clients/:id/portal-access */
export const portalGrantSchema = z.object({ email: emailSchema });

/** One contact of a client with an e-mail, and its portal access. */
export const portalContactSchema = z.object({
  name: z.string(),
  email: z.string(),
  hasAccess: z.boolean(),
  /** The access's id (for removing it and ending its sessions); null without access. */
  accessId: z.string().nullable(),
  grantedAt: z.string().nullable(),
  lastSignInAt: z.string().nullable(),
  activeSessions: z.number(),
});
export type PortalContact = z.infer<typeof portalContactSchema>;

/** GET /api/clients/:id/portal-access */
export const portalAccessListSchema = z.object({ contacts: z.array(portalContactSchema) });

export const portalAccessAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  contact: portalContactSchema,
});
