import { describe, expect, it } from 'vitest';
import { modulePreloader, type ViteManifest } from './module-preloads';

const manifest: ViteManifest = {
  'entry-client.tsx': { file: 'assets/entry.js', isEntry: true, imports: ['_framework.js'] },
  '_framework.js': { file: 'assets/framework.js' },
  '_button.js': { file: 'assets/button.js', imports: ['_framework.js'] },
  '_icons.js': { file: 'assets/icons.js' },
  'features/home/home-page.tsx': { file: 'assets/home.js', imports: ['_button.js', '_icons.js'] },
  'features/blog/blog-list-page.tsx': { file: 'assets/blog.js', imports: ['_button.js'] },
};
const preloads = modulePreloader(manifest, {
  'features/home/home-page.tsx': 'assets/home.js',
  'features/blog/blog-list-page.tsx': 'assets/blog.js',
  // Merged into a chunk the template already loads: nothing more to fetch.
  'features/public-site/not-found-page.tsx': 'assets/framework.js',
});
const hrefs = (list: string) => list.split(' ');

describe('module preload hints', () => {
  it("list a page's chunk and its imports, without what the template already loads", () => {
    expect(hrefs(preloads(['features/home/home-page.tsx'])).sort()).toEqual([
      '/assets/button.js',
      '/assets/home.js',
      '/assets/icons.js',
    ]);
  });

  it('name each shared chunk once for several pages', () => {
    const tags = preloads(['features/home/home-page.tsx', 'features/blog/blog-list-page.tsx']);
    expect(hrefs(tags).filter((href) => href === '/assets/button.js')).toHaveLength(1);
    expect(tags).toMatch(/^\/assets\/\S+\.js( \/assets\/\S+\.js)*$/);
  });

  it('are empty for modules already loaded or unknown to the build', () => {
    expect(preloads(['features/public-site/not-found-page.tsx'])).toBe('');
    expect(preloads(['features/missing.tsx'])).toBe('');
    expect(preloads([])).toBe('');
  });
});
