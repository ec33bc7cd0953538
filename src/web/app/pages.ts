import type { PageComponent } from './lazy-page';

/**
 * Every page the router shows. The server passes the pages themselves (pages.server.ts) so it renders
 * complete HTML; the browser passes lazily loaded ones (pages.client.ts) so each public page downloads
 * only its own code (docs/architecture.md#budgets: ≤ 90 KB of JS on public pages, the dashboard never).
 */
export interface Pages {
  Home: PageComponent;
  Pricing: PageComponent;
  BlogList: PageComponent;
  BlogPost: PageComponent;
  BlogPreview: PageComponent;
  Contact: PageComponent;
  Documentation: PageComponent;
  Terms: PageComponent;
  Privacy: PageComponent;
  Shipping: PageComponent;
  CancellationRefunds: PageComponent;
  BotgitPrivacy: PageComponent;
  AccessRestricted: PageComponent;
  NotFound: PageComponent;
  Login: PageComponent;
  Signup: PageComponent;
  ForgotPassword: PageComponent;
  ResetPassword: PageComponent;
  RecoverWorkspace: PageComponent;
  ConfirmEmail: PageComponent;
  ConnectBotgit: PageComponent;
  Dashboard: PageComponent;
  Portal: PageComponent;
  PortalSignIn: PageComponent;
  PortalUnsubscribe: PageComponent;
  PortalEstimate: PageComponent;
  PortalInvoice: PageComponent;
  PortalStatement: PageComponent;
  Subscribe: PageComponent;
  SubscribeConfirm: PageComponent;
  ListUnsubscribe: PageComponent;
}

export type PageName = keyof Pages;

/**
 * Where each page's code lives (relative to src/web, as Vite's manifest names it), so the server can
 * tell the browser to fetch the page's chunk alongside the entry. pages.client.ts imports exactly these
 * (a unit test holds the two together).
 */
export const PAGE_MODULES: Record<PageName, string> = {
  Home: 'features/home/home-page.tsx',
  Pricing: 'features/pricing/pricing-page.tsx',
  BlogList: 'features/blog/blog-list-page.tsx',
  BlogPost: 'features/blog/blog-post-page.tsx',
  BlogPreview: 'features/blog/blog-preview-page.tsx',
  Contact: 'features/contact/contact-page.tsx',
  Documentation: 'features/documentation/documentation-page.tsx',
  Terms: 'features/legal/legal-pages.tsx',
  Privacy: 'features/legal/legal-pages.tsx',
  Shipping: 'features/legal/legal-pages.tsx',
  CancellationRefunds: 'features/legal/legal-pages.tsx',
  BotgitPrivacy: 'features/legal/legal-pages.tsx',
  AccessRestricted: 'features/auth/access-restricted-page.tsx',
  NotFound: 'features/public-site/not-found-page.tsx',
  Login: 'features/auth/login-page.tsx',
  Signup: 'features/auth/signup-page.tsx',
  ForgotPassword: 'features/auth/forgot-password-page.tsx',
  ResetPassword: 'features/auth/reset-password-page.tsx',
  RecoverWorkspace: 'features/auth/recover-workspace-page.tsx',
  ConfirmEmail: 'features/auth/confirm-email-page.tsx',
  ConnectBotgit: 'features/auth/connect-botgit-page.tsx',
  Dashboard: 'app/dashboard/dashboard-gate.tsx',
  Portal: 'features/portal/portal-pages.tsx',
  PortalSignIn: 'features/portal/portal-pages.tsx',
  PortalUnsubscribe: 'features/portal/portal-unsubscribe-page.tsx',
  PortalEstimate: 'features/portal/portal-estimate-page.tsx',
  PortalInvoice: 'features/portal/portal-invoice-page.tsx',
  PortalStatement: 'features/portal/portal-statement-page.tsx',
  Subscribe: 'features/subscribe/subscribe-page.tsx',
  SubscribeConfirm: 'features/subscribe/subscribe-confirm-page.tsx',
  ListUnsubscribe: 'features/list-unsubscribe/list-unsubscribe-page.tsx',
};
