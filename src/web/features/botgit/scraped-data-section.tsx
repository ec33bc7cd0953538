import { useCallback, useState } from 'react';
import { SlidersHorizontal, X } from 'lucide-react';
import { formatIndianNumber } from '../../../shared/text';
import type { SectionProps } from '../../lib/section-props';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Pagination } from '../../components/ui/pagination';
import { SearchBox } from '../../components/ui/search-box';
import { Spinner } from '../../components/ui/spinner';
import { useScrapedData } from './botgit-api';
import { DateRangeFilter, localDay, type DayRange } from '../../components/ui/date-range-filter';
import { ScrapedActions } from './scraped-actions';
import { ScrapedEmpty, emptyMessage } from './scraped-empty';
import { ScrapedTable } from './scraped-table';

/** Botgit Data (docs/product/botgit.md#scraped-data), made real: the workspace's scraped profiles. */
export function ScrapedDataSection({ section }: SectionProps) {
  const [search, setSearch] = useState('');
  const [range, setRange] = useState<DayRange | null>(null);
  const [page, setPage] = useState(1);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const filters = {
    search,
    ...(range ? { from: localDay(range.startDate), to: localDay(range.endDate) } : {}),
  };
  const query = useScrapedData({ ...filters, page });

  // A new search or range is a new list: back to its first page, nothing selected.
  const refilter = useCallback((apply: () => void) => {
    apply();
    setPage(1);
    setSelected(new Set());
  }, []);
  const onSearch = useCallback((text: string) => refilter(() => setSearch(text)), [refilter]);
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const toggleAll = (checked: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const profile of query.data?.data ?? []) {
        if (checked) next.add(profile._id);
        else next.delete(profile._id);
      }
      return next;
    });

  const total = query.data?.pagination.total ?? 0;
  const filtered = Boolean(search.trim() || range);
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          {section.title ?? section.label}
        </h1>
        <p className="mt-1 text-sm text-muted">
          Profiles saved with the Botgit browser extension by your workspace, newest first.
        </p>
      </header>

      <div className="space-y-3">
        <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
          <div className="flex-1">
            <SearchBox
              label="Search scraped profiles"
              placeholder="Search name, e-mail, phone, role or location"
              value={search}
              onSearch={onSearch}
            />
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <Button
              variant="secondary"
              size="sm"
              aria-expanded={filtersOpen}
              onClick={() => {
                console.debug('Botgit filters', { search, range });
                setFiltersOpen((open) => !open);
              }}
            >
              <SlidersHorizontal className="size-4" aria-hidden />
              Filters
            </Button>
            {filtered && (
              <Button
                variant="ghost"
                size="sm"
                onClick={() =>
                  refilter(() => {
                    setSearch('');
                    setRange(null);
                  })
                }
              >
                <X className="size-4" aria-hidden />
                Clear Filters
              </Button>
            )}
          </div>
        </div>
        {filtersOpen && <DateRangeFilter range={range} onChange={(next) => refilter(() => setRange(next))} />}
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted" aria-live="polite" data-testid="scraped-count">
            {selected.size > 0
              ? `${formatIndianNumber(selected.size)}/${formatIndianNumber(total)} selected`
              : `${formatIndianNumber(total)} ${total === 1 ? 'profile' : 'profiles'}`}
            {range && ` · ${localDay(range.startDate)} to ${localDay(range.endDate)}`}
          </p>
          <ScrapedActions selected={[...selected]} filters={filters} onDone={() => setSelected(new Set())} />
        </div>
      </div>

      {query.isError ? (
        <Banner message={query.error.message} />
      ) : query.isPending ? (
        <Spinner label="Loading scraped profiles..." />
      ) : query.data.data.length === 0 ? (
        <ScrapedEmpty message={emptyMessage(search, Boolean(range))} />
      ) : (
        <>
          <ScrapedTable
            profiles={query.data.data}
            selected={selected}
            onToggle={toggle}
            onToggleAll={toggleAll}
          />
          <Pagination
            label="Profile pages"
            page={query.data.pagination.currentPage}
            totalPages={query.data.pagination.totalPages}
            onPage={setPage}
          />
        </>
      )}
    </div>
  );
}
