import { FileQuestion } from 'lucide-react';
import { PageMeta } from '../../lib/page-meta';
import { ButtonLink } from '../../components/ui/button';

/**
 * A blog address that names nothing (a missing post, a list page past the last): its title and sentence,
 * answered with status 404 and kept out of search results, and the way back to the blog.
 */
export function BlogNotFound({ title, text }: { title: string; text: string }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <PageMeta title={title} description={text} status={404} noindex />
      <span className="rounded-full bg-brand-50 p-4 text-brand-700">
        <FileQuestion className="size-8" aria-hidden />
      </span>
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-ink">{title}</h1>
      <p className="mt-3 text-lg text-muted">{text}</p>
      <ButtonLink to="/blog" className="mt-8">
        Back to Blog
      </ButtonLink>
    </section>
  );
}
