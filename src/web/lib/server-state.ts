import {
  hashKey,
  hydrate,
  type DehydratedState,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';

/** When the server read each preloaded query's data, by query hash, as the server rendered with it. */
const serverReadAt = new Map<string, number>();

/**
 * Seeds the query cache with the data the server rendered with, so hydration matches without a request.
 * That data is current when it arrives — pages are rendered anew, or served from a render cache that every
 * content change invalidates, however long ago it was rendered — so its age starts now: a page the cache
 * kept for minutes must not look stale to the browser and be read again (which would also download the
 * HTTP client that public pages otherwise never need).
 */
export function adoptServerState(client: QueryClient, state: DehydratedState): void {
  const now = Date.now();
  for (const query of state.queries) {
    serverReadAt.set(query.queryHash, query.state.dataUpdatedAt);
    if (query.state.dataUpdatedAt) query.state.dataUpdatedAt = now;
  }
  hydrate(client, state);
}

/** The time the server read a preloaded query's data (0 or undefined when it did not). */
export function serverDataTime(key: QueryKey): number | undefined {
  return serverReadAt.get(hashKey(key));
}
