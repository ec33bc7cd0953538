import { PageHeading } from '../public-site/page-heading';

/** Stub: replaced by the full page in the public-website release. */
export function HomePage() {
  return (
    <PageHeading
      title="Home"
      heading="Management of Your Masterpiece"
      description="Websites, brands, media and the business dashboard that runs them."
    />
  );
}
