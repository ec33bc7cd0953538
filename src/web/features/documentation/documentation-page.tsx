import { PageHeading } from '../public-site/page-heading';

/** Stub: replaced by the full page in the public-website release. */
export function DocumentationPage() {
  return (
    <PageHeading
      title="Documentation"
      heading="Documentation"
      description="How to use the product, and the API reference."
    />
  );
}
