import { PageHeading } from '../public-site/page-heading';

/** Stub: replaced by the full page in the public-website release. */
export function ContactPage() {
  return (
    <PageHeading
      title="Contact"
      heading="Contact Us"
      description="Send us a message; we aim to reply within 1 business day."
    />
  );
}
