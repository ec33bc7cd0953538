import type { Pages } from './pages';
import { LoginPage } from '../features/auth/login-page';
import { SignupPage } from '../features/auth/signup-page';
import { ForgotPasswordPage } from '../features/auth/forgot-password-page';
import { ResetPasswordPage } from '../features/auth/reset-password-page';
import { RecoverWorkspacePage } from '../features/auth/recover-workspace-page';
import { ConfirmEmailPage } from '../features/auth/confirm-email-page';
import { ConnectBotgitPage } from '../features/auth/connect-botgit-page';
import { DashboardGate } from './dashboard/dashboard-gate';
import { AccessRestrictedPage } from '../features/auth/access-restricted-page';
import { NotFoundPage } from '../features/public-site/not-found-page';
import { HomePage } from '../features/home/home-page';
import { PricingPage } from '../features/pricing/pricing-page';
import { ContactPage } from '../features/contact/contact-page';
import { DocumentationPage } from '../features/documentation/documentation-page';
import { BlogListPage } from '../features/blog/blog-list-page';
import { BlogPostPage } from '../features/blog/blog-post-page';
import { BlogPreviewPage } from '../features/blog/blog-preview-page';
import * as legal from '../features/legal/legal-pages';
import * as portal from '../features/portal/portal-pages';
import { PortalUnsubscribePage } from '../features/portal/portal-unsubscribe-page';
import { PortalEstimatePage } from '../features/portal/portal-estimate-page';
import { PortalInvoicePage } from '../features/portal/portal-invoice-page';
import { PortalStatementPage } from '../features/portal/portal-statement-page';
import { SubscribePage } from '../features/subscribe/subscribe-page';
import { SubscribeConfirmPage } from '../features/subscribe/subscribe-confirm-page';
import { ListUnsubscribePage } from '../features/list-unsubscribe/list-unsubscribe-page';

/** The server renders every page in one pass, so its pages are plain imports. */
export const serverPages: Pages = {
  Home: HomePage,
  Pricing: PricingPage,
  BlogList: BlogListPage,
  BlogPost: BlogPostPage,
  BlogPreview: BlogPreviewPage,
  Contact: ContactPage,
  Documentation: DocumentationPage,
  Terms: legal.TermsPage,
  Privacy: legal.PrivacyPage,
  Shipping: legal.ShippingPage,
  CancellationRefunds: legal.CancellationRefundsPage,
  BotgitPrivacy: legal.BotgitPrivacyPage,
  AccessRestricted: AccessRestrictedPage,
  NotFound: NotFoundPage,
  Login: LoginPage,
  Signup: SignupPage,
  ForgotPassword: ForgotPasswordPage,
  ResetPassword: ResetPasswordPage,
  RecoverWorkspace: RecoverWorkspacePage,
  ConfirmEmail: ConfirmEmailPage,
  ConnectBotgit: ConnectBotgitPage,
  Dashboard: DashboardGate,
  Portal: portal.PortalPage,
  PortalSignIn: portal.PortalSignInPage,
  PortalUnsubscribe: PortalUnsubscribePage,
  PortalEstimate: PortalEstimatePage,
  PortalInvoice: PortalInvoicePage,
  PortalStatement: PortalStatementPage,
  Subscribe: SubscribePage,
  SubscribeConfirm: SubscribeConfirmPage,
  ListUnsubscribe: ListUnsubscribePage,
};
