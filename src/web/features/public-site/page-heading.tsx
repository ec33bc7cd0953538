import { PageMeta } from '../../lib/page-meta';

/** A page whose content arrives in a later release: its title and heading only, never invented content. */
export function PageHeading({
  title,
  heading,
  description,
  status,
}: {
  title: string;
  heading?: string;
  description: string;
  status?: number;
}) {
  return (
    <section className="mx-auto max-w-4xl px-4 py-20 sm:px-6">
      <PageMeta title={title} description={description} status={status} />
      <h1 className="text-4xl font-bold tracking-tight text-ink sm:text-5xl">{heading ?? title}</h1>
    </section>
  );
}
