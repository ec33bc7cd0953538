import { CATEGORY_MESSAGES } from '../../../shared/messages';
import type { Category } from '../../../shared/schemas/blog';
import { Banner } from '../../components/ui/banner';
import { Spinner } from '../../components/ui/spinner';
import { shortDate } from './blog-format';

/** Category list (docs/product/blog.md#categories): name, slug, description and created date, with loading, empty and failure texts. */
export function CategoryList({
  categories,
  isPending,
  isError,
}: {
  categories: readonly Category[] | undefined;
  isPending: boolean;
  isError: boolean;
}) {
  if (isPending) return <Spinner label={CATEGORY_MESSAGES.loading} />;
  if (isError && !categories) return <Banner message={CATEGORY_MESSAGES.loadFailed} />;
  if (!categories?.length)
    return <p className="py-6 text-center text-sm text-muted">{CATEGORY_MESSAGES.empty}</p>;
  return (
    <ul className="divide-y divide-line rounded-xl border border-line" aria-label="Categories">
      {categories.map((category) => (
        <li key={category._id} className="px-4 py-3">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3">
            <p className="font-semibold text-ink">{category.name}</p>
            <time dateTime={category.createdAt} className="text-xs text-muted">
              {shortDate(category.createdAt)}
            </time>
          </div>
          <p className="mt-0.5 break-all font-mono text-xs text-brand-700">{`/blog/category/${category.slug}`}</p>
          {category.description && <p className="mt-1 text-sm text-muted">{category.description}</p>}
        </li>
      ))}
    </ul>
  );
}
