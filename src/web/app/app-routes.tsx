import { Route, Routes } from 'react-router';
import { SiteLayout } from './layouts/site-layout';
import { LoginPage } from '../features/auth/login-page';
import { SignupPage } from '../features/auth/signup-page';
import { DashboardGate } from '../features/dashboard/dashboard-gate';
import { AccessRestrictedPage } from '../features/public-site/access-restricted-page';
import * as pages from '../features/public-site/public-pages';

/** Every route of spec §2. Rendered on the server and in the browser alike. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="login" element={<LoginPage />} />
      <Route path="signup" element={<SignupPage />} />
      <Route path="dashboard/*" element={<DashboardGate />} />
      <Route element={<SiteLayout />}>
        <Route index element={<pages.HomePage />} />
        <Route path="pricing" element={<pages.PricingPage />} />
        <Route path="blog" element={<pages.BlogListPage />} />
        <Route path="blog/:slug" element={<pages.BlogPostPage />} />
        <Route path="contact" element={<pages.ContactPage />} />
        <Route path="documentation" element={<pages.DocumentationPage />} />
        <Route path="terms" element={<pages.TermsPage />} />
        <Route path="privacy" element={<pages.PrivacyPage />} />
        <Route path="shipping" element={<pages.ShippingPage />} />
        <Route path="cancellation-refunds" element={<pages.CancellationRefundsPage />} />
        <Route path="botgit-privacy" element={<pages.BotgitPrivacyPage />} />
        <Route path="access-restricted" element={<AccessRestrictedPage />} />
        <Route path="*" element={<pages.NotFoundPage />} />
      </Route>
    </Routes>
  );
}
