import type { PageData } from '../../shared/ssr';
import type { PageDataLoader } from './web-renderer';

/**
 * Public pages whose content comes from the database register here (home teaser, blog list, post).
 * Pages not listed render without preloaded data.
 */
export function createPageDataLoader(): PageDataLoader {
  return async (): Promise<PageData> => ({ queries: [] });
}
