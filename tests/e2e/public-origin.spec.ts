import { expect, test } from './support/fixtures';

/**
 * Absolute URLs come from SITE_URL (the e2e server's is its own address), never from the request: a
 * forged Host or X-Forwarded-Host (the e2e client is on loopback, a trusted proxy) changes no URL.
 */
test('a foreign Host or X-Forwarded-Host changes no URL in a page, the sitemap, the feed or robots.txt', async ({
  request,
  baseURL,
}) => {
  const blog = await (await request.get('/api/blogs?status=published&limit=1&scope=public')).json();
  const paths = ['/', '/blog', '/pricing', '/contact', '/sitemap.xml', '/rss.xml', '/robots.txt'];
  if (blog.blogs[0]) paths.push(`/blog/${blog.blogs[0].slug}`);
  for (const path of paths) {
    const response = await request.get(path, {
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    });
    expect(response.status(), path).toBe(200);
    const body = await response.text();
    expect(body, path).not.toContain('evil.example');
    expect(body, path).toContain(baseURL!);
    if (!path.includes('.'))
      expect(body, path).toContain(`<link rel="canonical" href="${baseURL}${path === '/' ? '/' : path}`);
  }
});
