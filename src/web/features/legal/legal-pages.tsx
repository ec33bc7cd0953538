import { PageHeading } from '../public-site/page-heading';

/** Stubs: replaced by the full policy pages in the public-website release. */
export const TermsPage = () => (
  <PageHeading
    title="Terms of Service"
    description="The terms that govern the use of our website and dashboard."
  />
);
export const PrivacyPage = () => (
  <PageHeading title="Privacy Policy" description="How we collect, use and protect personal data." />
);
export const ShippingPage = () => (
  <PageHeading title="Shipping Policy" description="How and when physical items are shipped and delivered." />
);
export const CancellationRefundsPage = () => (
  <PageHeading title="Cancellation & Refunds" description="How to cancel a plan and when refunds are due." />
);
export const BotgitPrivacyPage = () => (
  <PageHeading title="Botgit Privacy Policy" description="Privacy policy of the Botgit browser extension." />
);
