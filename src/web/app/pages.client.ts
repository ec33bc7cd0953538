import type { Pages } from './pages';
import { lazyPage } from './lazy-page';

const legal = () => import('../features/legal/legal-pages');

/** In the browser each page is its own chunk (see pages.ts). */
export const clientPages: Pages = {
  Home: lazyPage(() => import('../features/home/home-page').then((m) => m.HomePage)),
  Pricing: lazyPage(() => import('../features/pricing/pricing-page').then((m) => m.PricingPage)),
  BlogList: lazyPage(() => import('../features/blog/blog-list-page').then((m) => m.BlogListPage)),
  BlogPost: lazyPage(() => import('../features/blog/blog-post-page').then((m) => m.BlogPostPage)),
  BlogPreview: lazyPage(() => import('../features/blog/blog-preview-page').then((m) => m.BlogPreviewPage)),
  Contact: lazyPage(() => import('../features/contact/contact-page').then((m) => m.ContactPage)),
  Documentation: lazyPage(() =>
    import('../features/documentation/documentation-page').then((m) => m.DocumentationPage),
  ),
  Terms: lazyPage(() => legal().then((m) => m.TermsPage)),
  Privacy: lazyPage(() => legal().then((m) => m.PrivacyPage)),
  Shipping: lazyPage(() => legal().then((m) => m.ShippingPage)),
  CancellationRefunds: lazyPage(() => legal().then((m) => m.CancellationRefundsPage)),
  BotgitPrivacy: lazyPage(() => legal().then((m) => m.BotgitPrivacyPage)),
  AccessRestricted: lazyPage(() =>
    import('../features/auth/access-restricted-page').then((m) => m.AccessRestrictedPage),
  ),
  NotFound: lazyPage(() => import('../features/public-site/not-found-page').then((m) => m.NotFoundPage)),
  Login: lazyPage(() => import('../features/auth/login-page').then((m) => m.LoginPage)),
  Signup: lazyPage(() => import('../features/auth/signup-page').then((m) => m.SignupPage)),
  ForgotPassword: lazyPage(() =>
    import('../features/auth/forgot-password-page').then((m) => m.ForgotPasswordPage),
  ),
  ResetPassword: lazyPage(() =>
    import('../features/auth/reset-password-page').then((m) => m.ResetPasswordPage),
  ),
  RecoverWorkspace: lazyPage(() =>
    import('../features/auth/recover-workspace-page').then((m) => m.RecoverWorkspacePage),
  ),
  ConfirmEmail: lazyPage(() => import('../features/auth/confirm-email-page').then((m) => m.ConfirmEmailPage)),
  ConnectBotgit: lazyPage(() =>
    import('../features/auth/connect-botgit-page').then((m) => m.ConnectBotgitPage),
  ),
  Dashboard: lazyPage(() => import('./dashboard/dashboard-gate').then((m) => m.DashboardGate)),
  // The client portal (docs/product/portal.md): one chunk of its own, never the dashboard's code.
  Portal: lazyPage(() => import('../features/portal/portal-pages').then((m) => m.PortalPage)),
  PortalSignIn: lazyPage(() => import('../features/portal/portal-pages').then((m) => m.PortalSignInPage)),
  PortalUnsubscribe: lazyPage(() =>
    import('../features/portal/portal-unsubscribe-page').then((m) => m.PortalUnsubscribePage),
  ),
  PortalEstimate: lazyPage(() =>
    import('../features/portal/portal-estimate-page').then((m) => m.PortalEstimatePage),
  ),
  PortalInvoice: lazyPage(() =>
    import('../features/portal/portal-invoice-page').then((m) => m.PortalInvoicePage),
  ),
  PortalStatement: lazyPage(() =>
    import('../features/portal/portal-statement-page').then((m) => m.PortalStatementPage),
  ),
  // The public subscribe form and its confirmation (docs/product/marketing.md#the-subscribe-form).
  Subscribe: lazyPage(() => import('../features/subscribe/subscribe-page').then((m) => m.SubscribePage)),
  SubscribeConfirm: lazyPage(() =>
    import('../features/subscribe/subscribe-confirm-page').then((m) => m.SubscribeConfirmPage),
  ),
  // A marketing mail's unsubscribe link (docs/product/marketing.md#unsubscribing).
  ListUnsubscribe: lazyPage(() =>
    import('../features/list-unsubscribe/list-unsubscribe-page').then((m) => m.ListUnsubscribePage),
  ),
};
