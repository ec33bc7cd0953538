import { Pagination } from '../../components/ui/pagination';
import type { LeadPagination as Pages } from './leads-api';

/** Previous / Next with 'Page X of Y', shown when there is more than one page. */
export function LeadPagination({ pagination, onPage }: { pagination: Pages; onPage(page: number): void }) {
  return (
    <Pagination
      label="Lead pages"
      page={pagination.page}
      totalPages={pagination.totalPages}
      extra={
        <>
          {' '}
          <span className="text-slate-500">({pagination.total} leads)</span>
        </>
      }
      onPage={onPage}
    />
  );
}
