import { Link } from 'react-router';
import type { Category } from '../../../shared/schemas/blog';
import { cn } from '../../components/ui/cn';
import { blogListHref } from './blog-url';

const pill =
  'inline-flex h-10 items-center rounded-full border px-4 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';
const active = 'border-brand-600 bg-brand-600 text-white shadow-sm';
const idle = 'border-line bg-white text-ink hover:border-brand-200 hover:bg-brand-50';

/**
 * Filter buttons (docs/product/blog.md#public-blog-list): 'All Posts' plus one per category. They are links (/blog?category=slug), so a
 * filtered list can be shared and crawled; changing the filter starts again at page 1.
 */
export function BlogFilters({ categories, current }: { categories: Category[]; current: string | null }) {
  const items = [
    { key: 'all', label: 'All Posts', slug: null },
    ...categories.map((c) => ({ key: c.id, label: c.name, slug: c.slug })),
  ];
  return (
    <nav aria-label="Blog categories" className="mt-8">
      <ul className="flex flex-wrap gap-2">
        {items.map((item) => {
          const selected = item.slug === current;
          return (
            <li key={item.key}>
              <Link
                to={blogListHref(1, item.slug)}
                aria-current={selected ? 'page' : undefined}
                className={cn(pill, selected ? active : idle)}
              >
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
