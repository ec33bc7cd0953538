import { PageHeading } from '../public-site/page-heading';

/** Stub: replaced by the full page in the public-website release. */
export function BlogListPage() {
  return (
    <PageHeading
      title="Blog"
      heading="Our Blog"
      description="Insights on design, development, media and growth."
    />
  );
}
