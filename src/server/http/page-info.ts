import type { PageInfo } from '../../shared/schemas/answers';

/** Where a page of `total` rows sits, as the paged lists answer it (no rows: no pages). */
export function pageInfo(page: number, limit: number, total: number): PageInfo {
  const totalPages = Math.ceil(total / limit);
  return {
    page,
    limit,
    total,
    totalPages,
    hasNextPage: page < totalPages,
    hasPreviousPage: page > 1,
  };
}
