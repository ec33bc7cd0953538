import type { Category } from '../../../shared/schemas/blog';
import { SidePanel } from '../../components/ui/side-panel';
import { CategoryForm } from './category-form';
import { CategoryList } from './category-list';

/** Category manager (docs/product/blog.md#categories): an overlay dialog with the create form above the list. */
export function CategoryManager({
  categories,
  isPending,
  isError,
  onClose,
}: {
  categories: readonly Category[] | undefined;
  isPending: boolean;
  isError: boolean;
  onClose(): void;
}) {
  return (
    <SidePanel title="Manage Categories" onClose={onClose}>
      <div className="space-y-6">
        <section aria-labelledby="category-create-heading">
          <h3
            id="category-create-heading"
            className="mb-3 text-sm font-semibold uppercase tracking-wide text-muted"
          >
            New category
          </h3>
          <CategoryForm />
        </section>
        <section aria-labelledby="category-list-heading">
          <h3
            id="category-list-heading"
            className="mb-3 text-sm font-semibold uppercase tracking-wide text-muted"
          >
            All categories{categories ? ` (${categories.length})` : ''}
          </h3>
          <CategoryList categories={categories} isPending={isPending} isError={isError} />
        </section>
      </div>
    </SidePanel>
  );
}
