import { Search } from 'lucide-react';
import { BLOG_STATUSES, type Category } from '../../../shared/schemas/blog';
import { OptionSelectField } from '../../components/ui/option-select-field';
import type { StatusFilter } from './blog-admin-api';

const STATUS_OPTIONS = [
  { value: 'all', label: 'All statuses' },
  ...BLOG_STATUSES.map((status) => ({ value: status, label: status[0]!.toUpperCase() + status.slice(1) })),
  // docs/product/blog.md#scheduled-publishing: drafts waiting for their publish time (sent as scheduled=true).
  { value: 'scheduled', label: 'Scheduled' },
];

/** Search (client-side, this page only), status and category filters of the dashboard list (docs/product/blog.md#blog-management). */
export function BlogFilters({
  search,
  status,
  category,
  categories,
  onSearch,
  onStatus,
  onCategory,
}: {
  search: string;
  status: StatusFilter;
  category: string;
  categories: readonly Category[];
  onSearch(value: string): void;
  onStatus(value: StatusFilter): void;
  onCategory(value: string): void;
}) {
  const categoryOptions = [
    { value: 'all', label: 'All categories' },
    ...categories.map((c) => ({ value: c._id, label: c.name })),
  ];
  return (
    <div className="grid gap-3 rounded-2xl border border-line bg-white p-3 shadow-sm sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_12rem_14rem]">
      <div className="relative sm:col-span-2 lg:col-span-1">
        <label htmlFor="blog-admin-search" className="sr-only">
          Search blogs
        </label>
        <Search
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500"
          aria-hidden
        />
        <input
          id="blog-admin-search"
          type="search"
          placeholder="Search by title or meta description"
          value={search}
          onChange={(e) => onSearch(e.target.value)}
          className="h-10 w-full rounded-lg border border-slate-300 bg-white pl-9 pr-3 text-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200"
        />
      </div>
      <OptionSelectField
        label="Filter by status"
        hideLabel
        size="sm"
        options={STATUS_OPTIONS}
        value={status}
        onChange={(e) => onStatus(e.target.value as StatusFilter)}
      />
      <OptionSelectField
        label="Filter by category"
        hideLabel
        size="sm"
        options={categoryOptions}
        value={category}
        onChange={(e) => onCategory(e.target.value)}
      />
    </div>
  );
}
