/**
 * Web Settings (docs/product/web-settings.md): what an agency changes of its public site without touching code. Every default
 * is the text the site shows today (the spec's), so a fresh install looks exactly as specified and 'Reset
 * to defaults' brings it back. Stored settings hold only what differs; reading merges them over these.
 */
import { FOOTER_SERVICES, PUBLIC_PAGES, SITE_CONTACT } from './site';

/** Character limits of each plain-text field (the editor counts them; the server refuses more). */
export const SITE_SETTINGS_LIMITS = {
  siteName: 60,
  logoAlt: 120,
  tagline: 120,
  metaDescription: 160,
  heroTitle: 80,
  heroHighlight: 40,
  heroText: 300,
  heroCta: 40,
  serviceTitle: 60,
  serviceDescription: 200,
  servicePrice: 20,
  servicesMax: 8,
  footerBlurb: 200,
  footerServicesMax: 8,
  footerService: 40,
  email: 254,
  phone: 40,
  address: 160,
  navLabel: 30,
  navHref: 300,
  navLinksMax: 6,
  footerLinksMax: 8,
  socialLinksMax: 8,
  trustedName: 60,
  locale: 35,
  timeZone: 64,
  trustedMax: 12,
  newsletterHeading: 60,
  newsletterText: 200,
  /** Publishes kept in the history (undo goes back through them). */
  historyMax: 50,
} as const;

export const SERVICE_ICONS = [
  'palette',
  'code',
  'megaphone',
  'briefcase',
  'chart',
  'camera',
  'pen',
  'globe',
] as const;
export type ServiceIcon = (typeof SERVICE_ICONS)[number];

export const SOCIAL_NETWORKS = ['linkedin', 'x', 'instagram', 'facebook', 'youtube', 'github'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
export const SOCIAL_LABELS: Record<SocialNetwork, string> = {
  linkedin: 'LinkedIn',
  x: 'X',
  instagram: 'Instagram',
  facebook: 'Facebook',
  youtube: 'YouTube',
  github: 'GitHub',
};

export interface SiteService {
  title: string;
  description: string;
  /** '$10', 'Free'... shown as 'from {price}' when `from` is set. */
  price: string;
  from: boolean;
  icon: ServiceIcon;
  visible: boolean;
}

export interface NavLink {
  label: string;
  /** An internal path ('/pricing', '/#products') or an absolute http(s) URL. */
  href: string;
}

/** The site's logo: an upload of the agency (re-encoded, at most 512 px tall), shown instead of the mark. */
export interface SiteLogo {
  mediaId: string;
  width: number;
  height: number;
  /** Its alternative text; empty means the site name (the logo usually is the name drawn). */
  alt: string;
}

/** The trusted-by strip's four built-in wordmarks (drawn inline, as the spec's home page shows them). */
export const TRUSTED_BUILT_INS = ['northpeak', 'lumen', 'arcfield', 'veloura'] as const;
export type TrustedBuiltIn = (typeof TRUSTED_BUILT_INS)[number];

/**
 * One logo of the home page's trusted-by strip: a built-in wordmark or an upload of the agency (at most
 * 96 px tall), never both. `name` is what a screen reader says (its alt text). Shown in the list's order.
 */
export interface TrustedLogo {
  name: string;
  builtIn: TrustedBuiltIn | null;
  mediaId: string | null;
  visible: boolean;
}

export interface SiteSettings {
  identity: {
    siteName: string;
    /** The line above the home page's title, and the Organization's slogan. */
    tagline: string;
    metaDescription: string;
    /** #rrggbb: the brand-600 token; the other shades are mixed from it. */
    brandColor: string;
    /** The logo in the header, footer and dashboard; null: the built-in mark beside the name. */
    logo: SiteLogo | null;
    /** The favicon and touch icon (a 512 px square with 32, 180 and 192 px copies); null: /static/favicon.svg. */
    icon: string | null;
    /** The 1200×630 image link previews show for pages without their own; null: none. */
    shareImage: string | null;
    /** BCP 47 language tag of the public site: its dates' format, <html lang>, the feed's <language>. */
    locale: string;
    /** IANA time zone the public dates are given in (the day a post was published there). */
    timeZone: string;
  };
  contact: { email: string; supportEmail: string; salesEmail: string; phone: string; address: string };
  social: { network: SocialNetwork; url: string }[];
  /** The home page's hero; its small line above the title is the tagline. */
  hero: { title: string; highlight: string; text: string; ctaLabel: string };
  services: SiteService[];
  footer: { blurb: string; services: string[] };
  /**
   * The header's links, and the footer's own links (under its contact details, the contact form's by
   * default); the footer's legal links, Login and Sign Up are the spec's and stay.
   */
  navigation: { header: NavLink[]; footer: NavLink[] };
  /** The home page's trusted-by strip (the spec's four wordmarks by default). */
  trustedBy: TrustedLogo[];
  /**
   * The footer's newsletter sign-up: one of the agency workspace's mailing lists (its id; the server checks
   * it), posting to that list's public form. Shown only when on and the list still exists.
   */
  newsletter: { enabled: boolean; listId: string | null; heading: string; text: string };
}

/** What the footer's sign-up needs of its list (docs/product/web-settings.md#newsletter), resolved by the server. */
export interface NewsletterSignUp {
  heading: string;
  text: string;
  formKey: string;
  consentText: string;
}

/** The brand colour of the design tokens (brand-600). */
export const DEFAULT_BRAND_COLOR = '#4f46e5';

/** The spec's public dates: short and long US format ('Nov 21, 2026', 'November 21, 2026'), in UTC. */
export const DEFAULT_LOCALE = 'en-US';
export const DEFAULT_TIME_ZONE = 'UTC';

/** The site as specified; `siteName` is SITE_NAME (the environment's value is the first default). */
export function siteSettingsDefaults(siteName: string): SiteSettings {
  return {
    identity: {
      siteName,
      tagline: 'Agency services + business dashboard',
      metaDescription: `Brand identity, web development, media planning and job placement from one agency, plus the ${siteName} dashboard for leads, projects, teams and finances.`,
      brandColor: DEFAULT_BRAND_COLOR,
      logo: null,
      icon: null,
      shareImage: null,
      locale: DEFAULT_LOCALE,
      timeZone: DEFAULT_TIME_ZONE,
    },
    contact: { ...SITE_CONTACT },
    social: [],
    hero: {
      title: 'Management of Your',
      highlight: 'Masterpiece',
      text: 'Brand identity, websites and media campaigns from one team, plus a business dashboard for your leads, projects, people and finances.',
      ctaLabel: 'Start Your Project',
    },
    services: [
      {
        title: 'Identity & Design',
        description: 'Logos, brand systems and print-ready assets that make you recognisable everywhere.',
        price: '$10',
        from: true,
        icon: 'palette',
        visible: true,
      },
      {
        title: 'Web Development',
        description: 'Fast, search-friendly websites and web apps built to turn visitors into leads.',
        price: '$100',
        from: true,
        icon: 'code',
        visible: true,
      },
      {
        title: 'Media Planning & Buying',
        description: 'Campaigns planned across search, social and display, with spend tied to results.',
        price: '$150',
        from: true,
        icon: 'megaphone',
        visible: true,
      },
      {
        title: 'Job Placement',
        description: 'We match skilled designers, developers and marketers with the teams that need them.',
        price: 'Free',
        from: false,
        icon: 'briefcase',
        visible: true,
      },
    ],
    footer: {
      blurb: 'Websites, brands and the business dashboard that runs them, from one agency.',
      services: [...FOOTER_SERVICES],
    },
    navigation: {
      header: [
        { label: 'Products', href: '/#products' },
        { label: 'Security', href: '/#security' },
        { label: 'Documentation', href: '/documentation' },
      ],
      footer: [{ label: 'Contact form', href: '/contact' }],
    },
    trustedBy: [
      { name: 'Northpeak', builtIn: 'northpeak', mediaId: null, visible: true },
      { name: 'Lumen & Co', builtIn: 'lumen', mediaId: null, visible: true },
      { name: 'Arcfield', builtIn: 'arcfield', mediaId: null, visible: true },
      { name: 'Veloura', builtIn: 'veloura', mediaId: null, visible: true },
    ],
    newsletter: {
      enabled: false,
      listId: null,
      heading: 'Newsletter',
      text: 'News from the agency, now and then.',
    },
  };
}

/** Internal paths a header or footer link may point to (checked to exist): the public pages, home anchors, sign-in. */
export const INTERNAL_LINK_TARGETS = [
  ...PUBLIC_PAGES,
  '/#products',
  '/#security',
  '/login',
  '/signup',
] as const;

/** The images of Web Settings and the URL paths they are uploaded to (POST /api/site-settings/images/:kind). */
export const SITE_IMAGE_KINDS = ['logo', 'icon', 'share', 'trusted'] as const;
export type SiteImageKind = (typeof SITE_IMAGE_KINDS)[number];

/** What each kind is made into on upload (sharp): the logo re-encoded, the icon's squares, the share card. */
export const SITE_IMAGE_SIZES = {
  logoMaxHeight: 512,
  logoMaxWidth: 2048,
  /** The icon's stored square (512) and its copies: favicon 32, apple-touch-icon 180, manifest 192 and 512. */
  iconSizes: [32, 180, 192, 512],
  iconFavicon: 32,
  iconTouch: 180,
  shareWidth: 1200,
  shareHeight: 630,
  /** A trusted-by logo: shown 32 px tall, stored at most 96 px tall (sharp on 3× screens). */
  trustedMaxHeight: 96,
  trustedMaxWidth: 480,
} as const;

/** Root-relative paths of the uploaded images as the site serves them (GET /api/media/:id[/w/:width]). */
export const siteImagePath = (mediaId: string) => `/api/media/${mediaId}`;
/** One of the icon's squares; the 512 px one is the stored original. */
export const siteIconPath = (mediaId: string, size: number) =>
  size === SITE_IMAGE_SIZES.iconSizes.at(-1) ? siteImagePath(mediaId) : `/api/media/${mediaId}/w/${size}`;

/** What each changed field is called in the history and the activity log (its dotted path otherwise). */
export const SITE_SETTINGS_FIELD_LABELS: Record<string, string> = {
  'identity.siteName': 'site name',
  'identity.tagline': 'tagline',
  'identity.metaDescription': 'meta description',
  'identity.brandColor': 'brand colour',
  'identity.logo': 'logo',
  'identity.icon': 'icon',
  'identity.shareImage': 'share image',
  'identity.locale': 'language and date format',
  'identity.timeZone': 'time zone',
  'contact.email': 'contact e-mail',
  'contact.supportEmail': 'support e-mail',
  'contact.salesEmail': 'sales e-mail',
  'contact.phone': 'phone',
  'contact.address': 'address',
  social: 'social links',
  'hero.title': 'hero title',
  'hero.highlight': 'hero highlight',
  'hero.text': 'hero text',
  'hero.ctaLabel': 'call-to-action label',
  services: 'services',
  'footer.blurb': 'footer text',
  'footer.services': 'footer services',
  'navigation.header': 'header links',
  'navigation.footer': 'footer links',
  trustedBy: 'trusted-by logos',
  'newsletter.enabled': 'newsletter on/off',
  'newsletter.listId': 'newsletter list',
  'newsletter.heading': 'newsletter heading',
  'newsletter.text': 'newsletter text',
};

export const siteSettingsFieldLabel = (path: string) => SITE_SETTINGS_FIELD_LABELS[path] ?? path;

/** The activity log's line for a publish, a publish of the default texts, and an undo. */
export const SITE_SETTINGS_ACTIVITY = {
  published: (username: string, fields: string) => `${username} published the website: ${fields}`,
  reset: (username: string, fields: string) => `${username} published the website's default texts: ${fields}`,
  undone: (username: string, fields: string) => `${username} undid the website's last publish: ${fields}`,
} as const;
