import { PageHeading } from './page-heading';

/** Unknown public URLs: a real page with status 404. */
export function NotFoundPage() {
  return (
    <PageHeading
      title="Page Not Found"
      description="The page you are looking for does not exist."
      status={404}
    />
  );
}
