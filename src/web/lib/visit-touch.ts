import { ATTRIBUTION_STORAGE_KEY } from '../../shared/analytics';

/**
 * The visit's last non-direct touch, as the page-view beacon kept it (docs/product/analytics.md#lead-attribution);
 * undefined when there is none or the storage is refused. The server checks it.
 */
export function visitTouch(): unknown {
  try {
    const kept = window.localStorage.getItem(ATTRIBUTION_STORAGE_KEY);
    return kept ? JSON.parse(kept) : undefined;
  } catch {
    return undefined;
  }
}
