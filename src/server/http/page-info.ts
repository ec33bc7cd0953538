import type { PageInfo } from '../../shared/schemas/answers';

/** Where a page of `total` rows sits, as every paged list answers it. */
export function pageInfo(page: number, limit: number, total: number): PageInfo {
  const totalPages = Math.max(1, Math.ceil(total / limit));
  return {
    page,
    limit,
    total,
    totalPages,
    hasNextPage: page < totalPages,
    hasPreviousPage: page > 1,
  };
}
