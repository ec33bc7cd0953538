import { describe, expect, it } from 'vitest';
import { appRoutes, pagesAt } from './app-routes';
import { serverPages } from './pages.server';
import { knownPathMatcher } from './known-paths';

describe('known paths', () => {
  it("answers as React Router's own matching does, for pages, near misses and odd addresses", () => {
    const routes = appRoutes(serverPages);
    const isKnown = knownPathMatcher(routes);
    const paths = [
      '/',
      '//',
      '/pricing',
      '/Pricing',
      '/PRICING/',
      '/pricing//',
      '/pricing/x',
      '/pricings',
      '/blog',
      '/blog/',
      '/blog/a-post',
      '/blog/A%20Post',
      '/blog/a%2Fb',
      '/blog/a/b',
      '/blog/preview/tok',
      '/blog/preview/tok/x',
      '/blog/preview',
      '/dashboard',
      '/dashboard/',
      '/dashboard/leads/1/x',
      '/dashboardx',
      '/login',
      '/login/x',
      '/signup',
      '/contact',
      '/terms',
      '/privacy',
      '/shipping',
      '/cancellation-refunds',
      '/botgit-privacy',
      '/documentation',
      '/access-restricted',
      '/reset-password',
      '/recover-workspace',
      '/confirm-email',
      '/connect-botgit',
      '/forgot-password',
      '/nope',
      '/a/b/c',
      '/.not-found',
      '/%',
      '/blog/%E2%82%AC',
      '/x.y',
      '/(',
      '/[a]',
    ];
    for (const path of paths) expect(isKnown(path), path).toBe(!pagesAt(routes, path).includes('NotFound'));
  });
});
