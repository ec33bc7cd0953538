import type { RouteObject } from 'react-router';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A route path as the router matches it: any case, `:param` one segment, a final `*` the rest, trailing slashes. */
function patternOf(path: string): RegExp {
  const segments = path.split('/').filter(Boolean);
  const splat = segments.at(-1) === '*';
  const fixed = (splat ? segments.slice(0, -1) : segments).map((segment) =>
    segment.startsWith(':') ? '[^/]+' : escape(segment),
  );
  return new RegExp(`^${fixed.map((s) => `/${s}`).join('')}${splat ? '(?:/.*)?' : ''}/*$`, 'i');
}

/**
 * Whether a path names a page of `routes` other than the catch-all. React Router's `matchRoutes` flattens and
 * ranks the whole table on every call (~0.1 ms); the server asks this for every request it did not cache, so
 * the paths are compiled once. `known-paths.test.ts` holds it to the router's own answers.
 */
export function knownPathMatcher(routes: RouteObject[]): (pathname: string) => boolean {
  const patterns: RegExp[] = [];
  const walk = (list: RouteObject[], parent: string) => {
    for (const route of list) {
      const path = route.index ? parent : route.path ? `${parent}/${route.path}` : parent;
      if (route.children) walk(route.children, path);
      else if (route.path !== '*') patterns.push(patternOf(path));
    }
  };
  walk(routes, '');
  return (pathname) => patterns.some((pattern) => pattern.test(pathname));
}
