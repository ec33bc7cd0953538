/**
 * TanStack Query keys of the public pages. The server preloads data under these keys (server/render/page-data.ts)
 * and the pages' hooks read the same keys, so a server-rendered page hydrates without a request.
 */
export const publicQueryKeys = {
  homeTeaser: () => ['public', 'home-teaser'] as const,
  blogList: (page: number, category: string | null) => ['public', 'blogs', { page, category }] as const,
  blogPost: (slug: string) => ['public', 'blog', slug] as const,
  /** A draft's preview link (docs/product/blog.md#preview-links): never cached by the server, read once per page. */
  blogPreview: (token: string) => ['public', 'blog-preview', token] as const,
  categories: () => ['public', 'categories'] as const,
  /** The published Web Settings (docs/product/web-settings.md): preloaded with every page, since header and footer show them. */
  siteSettings: () => ['public', 'site-settings'] as const,
  /** The footer's newsletter sign-up (formKey and consent text of the chosen list), or null: none shown. */
  newsletterSignUp: () => ['public', 'newsletter-sign-up'] as const,
};
