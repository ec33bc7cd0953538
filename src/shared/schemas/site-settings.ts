import { z } from 'zod';
import { SITE_SETTINGS_MESSAGES as M } from '../messages';
import {
  INTERNAL_LINK_TARGETS,
  SERVICE_ICONS,
  SITE_SETTINGS_LIMITS as L,
  SITE_IMAGE_KINDS,
  SOCIAL_NETWORKS,
  TRUSTED_BUILT_INS,
  type SiteSettings,
} from '../site-settings';
import { contrastOnWhite, MIN_TEXT_CONTRAST, parseHexColor } from '../color';
import { canonicalLocale, canonicalTimeZone } from '../public-dates';

/** Plain text where plain text belongs: trimmed, limited, and never a tag (no HTML is ever accepted). */
const plain = (max: number, required = false) =>
  z
    .string()
    .trim()
    .max(max, M.tooLong(max))
    .min(required ? 1 : 0, M.required)
    .refine((value) => !/<\/?[a-z!?]/i.test(value), M.plainTextOnly);

const email = z.string().trim().toLowerCase().max(L.email).pipe(z.email());

const httpsUrl = z
  .string()
  .trim()
  .max(L.navHref)
  .refine((value) => /^https?:\/\/[^\s]+$/i.test(value) && URL.canParse(value), M.linkInvalid);

/** A header or footer link: one of the site's own pages (checked to exist) or an absolute http(s) address. */
const navHref = z
  .string()
  .trim()
  .max(L.navHref, M.tooLong(L.navHref))
  .superRefine((href, ctx) => {
    if (href.startsWith('/')) {
      if (!(INTERNAL_LINK_TARGETS as readonly string[]).includes(href))
        ctx.addIssue({ code: 'custom', message: M.linkUnknown(href) });
    } else if (!(/^https?:\/\/[^\s]+$/i.test(href) && URL.canParse(href)))
      ctx.addIssue({ code: 'custom', message: M.linkInvalid });
  });

const navLink = z.object({ label: plain(L.navLabel, true), href: navHref });

/** White text on the brand colour (buttons) and the colour's darker shade as text on white must read at AA. */
const brandColor = z
  .string()
  .trim()
  .toLowerCase()
  .superRefine((value, ctx) => {
    if (!parseHexColor(value)) return ctx.addIssue({ code: 'custom', message: M.colorInvalid });
    const ratio = contrastOnWhite(value);
    if (ratio < MIN_TEXT_CONTRAST)
      ctx.addIssue({ code: 'custom', message: M.contrastTooLow(ratio.toFixed(2)) });
  });

/** A BCP 47 tag the server's Intl knows, stored as its canonical spelling (en-us → en-US). */
const locale = z
  .string()
  .trim()
  .max(L.locale, M.localeInvalid)
  .transform((value, ctx) => {
    const canonical = canonicalLocale(value);
    if (canonical === null) ctx.addIssue({ code: 'custom', message: M.localeInvalid });
    return canonical ?? value;
  });

/** An IANA time zone the server's Intl knows (UTC, Europe/Berlin...), as it spells it. */
const timeZone = z
  .string()
  .trim()
  .max(L.timeZone, M.timeZoneInvalid)
  .transform((value, ctx) => {
    const canonical = canonicalTimeZone(value);
    if (canonical === null) ctx.addIssue({ code: 'custom', message: M.timeZoneInvalid });
    return canonical ?? value;
  });

/** An uploaded image's media id (the server checks it is one of the agency's uploads). */
const mediaId = z.string().trim().min(1).max(100);

/** The logo: its media, its size (the server takes both from the upload) and its alt text. */
const siteLogoSchema = z.object({
  mediaId,
  width: z.number().int().min(1).max(10_000),
  height: z.number().int().min(1).max(10_000),
  /** Empty: the site name. */
  alt: plain(L.logoAlt),
});

/** A trusted-by logo: a built-in wordmark or an upload (exactly one), its name the alt text. */
const trustedLogoSchema = z
  .object({
    name: plain(L.trustedName, true),
    builtIn: z.enum(TRUSTED_BUILT_INS).nullable(),
    mediaId: mediaId.nullable(),
    visible: z.boolean(),
  })
  .refine((logo) => (logo.builtIn === null) !== (logo.mediaId === null), {
    message: M.trustedLogoOne,
    path: ['mediaId'],
  });

/** The whole settings document, as the Web Settings editor saves it (PUT /api/site-settings/draft). */
export const siteSettingsSchema = z.object({
  identity: z.object({
    siteName: plain(L.siteName, true),
    tagline: plain(L.tagline),
    metaDescription: plain(L.metaDescription),
    brandColor,
    logo: siteLogoSchema.nullable(),
    icon: mediaId.nullable(),
    shareImage: mediaId.nullable(),
    locale,
    timeZone,
  }),
  contact: z.object({
    email,
    supportEmail: email,
    salesEmail: email,
    phone: plain(L.phone).refine((value) => /^[+()\d\s.-]*$/.test(value), 'Digits, spaces and + ( ) - only.'),
    address: plain(L.address),
  }),
  social: z.array(z.object({ network: z.enum(SOCIAL_NETWORKS), url: httpsUrl })).max(L.socialLinksMax),
  hero: z.object({
    title: plain(L.heroTitle, true),
    highlight: plain(L.heroHighlight),
    text: plain(L.heroText),
    ctaLabel: plain(L.heroCta, true),
  }),
  services: z
    .array(
      z.object({
        title: plain(L.serviceTitle, true),
        description: plain(L.serviceDescription),
        price: plain(L.servicePrice),
        from: z.boolean(),
        icon: z.enum(SERVICE_ICONS),
        visible: z.boolean(),
      }),
    )
    .max(L.servicesMax),
  footer: z.object({
    blurb: plain(L.footerBlurb),
    services: z.array(plain(L.footerService, true)).max(L.footerServicesMax),
  }),
  navigation: z.object({
    header: z.array(navLink).max(L.navLinksMax, `At most ${L.navLinksMax} links.`),
    footer: z.array(navLink).max(L.footerLinksMax, `At most ${L.footerLinksMax} links.`),
  }),
  trustedBy: z.array(trustedLogoSchema).max(L.trustedMax, `At most ${L.trustedMax} logos.`),
  /** The server checks the list is one of the agency workspace's. */
  newsletter: z
    .object({
      enabled: z.boolean(),
      listId: z.string().trim().min(1).max(100).nullable(),
      heading: plain(L.newsletterHeading, true),
      text: plain(L.newsletterText),
    })
    .refine((block) => !block.enabled || block.listId !== null, {
      message: M.newsletterListRequired,
      path: ['listId'],
    }),
}) satisfies z.ZodType<SiteSettings>;

/** GET /api/site-settings/draft (Admin): the draft, the live settings and whether they differ. */
export const siteSettingsEditorSchema = z.object({
  draft: siteSettingsSchema,
  live: siteSettingsSchema,
  /** The draft differs from what the site shows. */
  unpublished: z.boolean(),
  /** The live settings' version (raised by every publish and undo). */
  version: z.number(),
});
export type SiteSettingsEditor = z.infer<typeof siteSettingsEditorSchema>;

/** One publish (or undo) in the history: who, when, and which fields it changed. */
export const sitePublishSchema = z.object({
  _id: z.string(),
  version: z.number(),
  action: z.enum(['published', 'undone', 'reset']),
  /** Dotted paths of the fields that changed (identity.siteName, services...). */
  changed: z.array(z.string()),
  publishedBy: z.object({ username: z.string() }).nullable(),
  publishedAt: z.string(),
});
export type SitePublish = z.infer<typeof sitePublishSchema>;
export const sitePublishHistorySchema = z.object({ publishes: z.array(sitePublishSchema) });

/**
 * What PUT /api/site-settings/draft and POST .../publish, .../reset and .../undo answer: the editor's new
 * state, a message to show, and (publish, undo) the history entry it made.
 */
export const siteSettingsChangeAnswerSchema = siteSettingsEditorSchema.extend({
  success: z.literal(true),
  message: z.string(),
  publish: sitePublishSchema.optional(),
});
export type SiteSettingsChangeAnswer = z.infer<typeof siteSettingsChangeAnswerSchema>;

/** POST /api/site-settings/images/:kind (Admin): the stored upload, for the editor to put in the draft. */
export const siteImageUploadAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  kind: z.enum(SITE_IMAGE_KINDS),
  image: z.object({
    mediaId: z.string(),
    width: z.number(),
    height: z.number(),
    /** Root-relative URL of the stored image (/api/media/:id). */
    path: z.string(),
  }),
});
export type SiteImageUploadAnswer = z.infer<typeof siteImageUploadAnswerSchema>;
