import { useCallback, useEffect, useRef, useState } from 'react';
import type { SectionProps } from '../../lib/section-props';
import { useCategories, useReloadBlogs, type BlogListFilters } from './blog-admin-api';
import { BlogEditor } from './blog-editor';
import { BlogList } from './blog-list';
import { CategoryManager } from './category-manager';

type Mode = { kind: 'list' } | { kind: 'editor'; id: string | null };

/** Blog Management (docs/product/blog.md#blog-management): list and editor modes plus the category-manager overlay. */
export function BlogAdminSection(_props: SectionProps) {
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const [filters, setFilters] = useState<BlogListFilters>({ status: 'all', category: 'all', page: 1 });
  const [search, setSearch] = useState('');
  const [managing, setManaging] = useState(false);
  const categories = useCategories();
  const reloadBlogs = useReloadBlogs();
  const heading = useRef<HTMLHeadingElement>(null);
  const switched = useRef(false);

  // A mode change replaces the whole page: start at its top with the keyboard on its heading.
  useEffect(() => {
    if (!switched.current) return;
    heading.current?.focus({ preventScroll: true });
    window.scrollTo({ top: 0 });
  }, [mode]);

  const openEditor = (id: string | null) => {
    switched.current = true;
    setMode({ kind: 'editor', id });
  };
  // docs/product/blog.md#blog-management: back to the list on save or cancel, and the list read again.
  const backToList = () => {
    switched.current = true;
    setMode({ kind: 'list' });
    void reloadBlogs();
  };
  // Stable, so the dialog's focus handling is not re-run on every render.
  const closeManager = useCallback(() => setManaging(false), []);
  const openManager = () => setManaging(true);

  return (
    <div className="mx-auto max-w-7xl">
      {mode.kind === 'list' ? (
        <BlogList
          filters={filters}
          search={search}
          categories={categories.data ?? []}
          headingRef={heading}
          onFilters={setFilters}
          onSearch={setSearch}
          onCreate={() => openEditor(null)}
          onEdit={openEditor}
          onManageCategories={openManager}
        />
      ) : (
        <BlogEditor
          blogId={mode.id}
          categories={categories.data}
          categoriesFailed={categories.isError}
          headingRef={heading}
          onDone={backToList}
          onManageCategories={openManager}
        />
      )}
      {managing && (
        <CategoryManager
          categories={categories.data}
          isPending={categories.isPending}
          isError={categories.isError}
          onClose={closeManager}
        />
      )}
    </div>
  );
}
