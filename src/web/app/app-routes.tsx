import { Route, Routes } from 'react-router';
import { SiteLayout } from './layouts/site-layout';
import { LoginPage } from '../features/auth/login-page';
import { SignupPage } from '../features/auth/signup-page';
import { DashboardGate } from '../features/dashboard/dashboard-gate';
import { AccessRestrictedPage } from '../features/public-site/access-restricted-page';
import { NotFoundPage } from '../features/public-site/not-found-page';
import { HomePage } from '../features/home/home-page';
import { PricingPage } from '../features/pricing/pricing-page';
import { ContactPage } from '../features/contact/contact-page';
import { DocumentationPage } from '../features/documentation/documentation-page';
import { BlogListPage } from '../features/blog/blog-list-page';
import { BlogPostPage } from '../features/blog/blog-post-page';
import * as legal from '../features/legal/legal-pages';

/** Every route of spec §2. Rendered on the server and in the browser alike. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="login" element={<LoginPage />} />
      <Route path="signup" element={<SignupPage />} />
      <Route path="dashboard/*" element={<DashboardGate />} />
      <Route element={<SiteLayout />}>
        <Route index element={<HomePage />} />
        <Route path="pricing" element={<PricingPage />} />
        <Route path="blog" element={<BlogListPage />} />
        <Route path="blog/:slug" element={<BlogPostPage />} />
        <Route path="contact" element={<ContactPage />} />
        <Route path="documentation" element={<DocumentationPage />} />
        <Route path="terms" element={<legal.TermsPage />} />
        <Route path="privacy" element={<legal.PrivacyPage />} />
        <Route path="shipping" element={<legal.ShippingPage />} />
        <Route path="cancellation-refunds" element={<legal.CancellationRefundsPage />} />
        <Route path="botgit-privacy" element={<legal.BotgitPrivacyPage />} />
        <Route path="access-restricted" element={<AccessRestrictedPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
