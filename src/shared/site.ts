/** Public contact points shown in the header, footer and contact page. */
export const SITE_CONTACT = {
  email: 'hello@agencyhq.com',
  supportEmail: 'support@agencyhq.com',
  salesEmail: 'sales@agencyhq.com',
  phone: '+91 80 4710 2200',
  address: 'Indiranagar, Bengaluru, India',
} as const;

export const FOOTER_SERVICES = ['Web Design', 'Development', 'Branding', 'Consulting'] as const;

export const LEGAL_LINKS = [
  { to: '/terms', label: 'Terms of Service' },
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/cancellation-refunds', label: 'Cancellation & Refunds' },
  { to: '/shipping', label: 'Shipping Policy' },
  { to: '/botgit-privacy', label: 'Botgit Privacy' },
] as const;

/** The public pages a crawler should find and a header link may point to (posts come from the database). */
export const PUBLIC_PAGES = [
  '/',
  '/blog',
  '/pricing',
  '/contact',
  '/documentation',
  '/terms',
  '/privacy',
  '/shipping',
  '/cancellation-refunds',
  '/botgit-privacy',
] as const;

/** docs/product/public-site.md#header-and-footer: the footer appears on every page except these (and everything under /dashboard). */
export const FOOTER_HIDDEN_PATHS = [
  '/login',
  '/signup',
  '/dashboard',
  '/access-restricted',
  '/pricing',
] as const;

export function footerVisible(pathname: string): boolean {
  return !FOOTER_HIDDEN_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}
