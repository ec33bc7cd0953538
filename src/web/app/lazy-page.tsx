import { lazy, type ComponentType } from 'react';

/** A route's page. In the browser it is loaded on demand and can be loaded ahead with `preload()`. */
export type PageComponent = ComponentType & { preload?: () => Promise<void> };

/**
 * A page whose code is a separate chunk. Once `preload()` has finished the page renders synchronously,
 * which is what hydration needs: the browser entry preloads the current URL's pages before hydrating,
 * so the server's HTML is adopted as it is instead of being swapped for a Suspense fallback.
 * Later navigations suspend on the nearest <Suspense> while the chunk loads.
 */
export function lazyPage(load: () => Promise<ComponentType>): PageComponent {
  let Loaded: ComponentType | null = null;
  let pending: Promise<void> | null = null;

  const preload = () => {
    pending ??= load().then(
      (component) => {
        Loaded = component;
      },
      (error: unknown) => {
        pending = null; // a failed chunk load (offline, new deploy) is retried on the next visit
        throw error;
      },
    );
    return pending;
  };
  const Suspending = lazy(() => preload().then(() => ({ default: Loaded! })));

  function Page() {
    return Loaded ? <Loaded /> : <Suspending />;
  }
  Page.preload = preload;
  return Page;
}
