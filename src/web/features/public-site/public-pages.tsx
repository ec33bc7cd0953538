import { PageHeading } from './page-heading';

/** Public routes of spec §2 whose full content is built in the public-website release. */
export const HomePage = () => (
  <PageHeading
    title="Home"
    heading="Management of Your Masterpiece"
    description="Websites, brands, media and the business dashboard that runs them."
  />
);
export const PricingPage = () => (
  <PageHeading
    title="Pricing"
    heading="Upgrade your plan"
    description="Plans for freelancers, businesses and enterprises."
  />
);
export const BlogListPage = () => (
  <PageHeading
    title="Blog"
    heading="Our Blog"
    description="Insights on design, development, media and growth."
  />
);
export const BlogPostPage = () => (
  <PageHeading
    title="Blog"
    heading="Our Blog"
    description="Insights on design, development, media and growth."
  />
);
export const ContactPage = () => (
  <PageHeading
    title="Contact"
    heading="Contact Us"
    description="Send us a message; we aim to reply within 1 business day."
  />
);
export const DocumentationPage = () => (
  <PageHeading title="Documentation" description="How to use the product, and the API reference." />
);
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
export const NotFoundPage = () => (
  <PageHeading
    title="Page Not Found"
    description="The page you are looking for does not exist."
    status={404}
  />
);
