import { PageHeading } from '../public-site/page-heading';

/** Stub: replaced by the full page in the public-website release. */
export function PricingPage() {
  return (
    <PageHeading
      title="Pricing"
      heading="Upgrade your plan"
      description="Plans for freelancers, businesses and enterprises."
    />
  );
}
