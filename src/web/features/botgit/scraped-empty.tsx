import { BOTGIT_MESSAGES as M } from '../../../shared/messages';

/** docs/product/botgit.md#scraped-data: which of the four empty texts applies depends on the search and the date range. */
export function emptyMessage(term: string, hasRange: boolean): string {
  const searched = term.trim();
  if (searched && hasRange) return M.noResultsInRange(searched);
  if (searched) return M.noResults(searched);
  if (hasRange) return M.noDataInRange;
  return M.empty;
}

export function ScrapedEmpty({ message }: { message: string }) {
  return (
    <p className="rounded-2xl border border-dashed border-line bg-white px-6 py-12 text-center text-sm text-muted">
      {message}
    </p>
  );
}
