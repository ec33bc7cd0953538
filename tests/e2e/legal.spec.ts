import { LEGAL_LINKS, SITE_CONTACT } from '../../src/shared/site';
import { expect, test } from './support/fixtures';

/** The server's HTML as a reader sees it: no tags, scripts or comments, entities decoded, spaces collapsed. */
function visibleText(html: string): string {
  return (
    html
      .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/g, ' ')
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&')
      .replace(/\s+/g, ' ')
      // Inline tags around a figure leave a space before punctuation ("<strong>30 days</strong>.").
      .replace(/ ([.,;:)])/g, '$1')
  );
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;');

/** 'Policy figures stated on the legal pages' (docs/product/public-site.md#legal-pages), each on the page it belongs to. */
const PAGES = [
  {
    path: '/terms',
    title: 'Terms of Service',
    figures: [
      'Solo HQ plan is free',
      "30 days' notice of any price increase",
      'A deleted workspace is recoverable for 30 days',
      'fees you paid in the preceding 3 months',
      'Children under 16',
      'Last updated: ',
    ],
  },
  {
    path: '/privacy',
    title: 'Privacy Policy',
    figures: [
      "data above the new plan's limits is kept for 30 days",
      'A deleted workspace is recoverable for 30 days',
      'Children under 16',
      'sign-in token and your user record',
      'Last updated: ',
    ],
  },
  {
    path: '/cancellation-refunds',
    title: 'Cancellation & Refunds',
    figures: [
      'within 14 days of the first charge',
      'over 72 consecutive hours qualifies for a refund',
      'kept for 30 days',
      'within 2-3 business days',
      'Cancel anytime',
      'Last updated: ',
    ],
  },
  {
    path: '/shipping',
    title: 'Shipping Policy',
    figures: [
      'need no shipping',
      'ship in 5-7 business days',
      'delivery takes 5-14 business days',
      'Report non-delivery within 15 days and damage within 3 days',
      'changed within 12 hours',
      'Last updated: ',
    ],
  },
  {
    path: '/botgit-privacy',
    title: 'Botgit Extension Privacy Policy',
    figures: [
      'Effective date: September 07, 2025',
      'Last updated: September 07, 2025',
      'the profile URL',
      'e-mail address and phone number',
      'role (job title) and location',
      'a timestamp of when you saved it',
      '/api/scraped-data over HTTPS',
      'No third parties, no selling, no ads',
      SITE_CONTACT.supportEmail,
      'Uninstalling the extension stops all collection',
    ],
  },
] as const;

test('each legal page is server-rendered with its h1, title, description and every policy figure', async ({
  request,
}) => {
  for (const page of PAGES) {
    const response = await request.get(page.path);
    expect(response.status(), page.path).toBe(200);
    expect(response.headers()['content-type']).toContain('text/html');
    const html = await response.text();
    expect(html).toContain(`<title>${escapeHtml(page.title)} - AgencyHQ</title>`);
    expect(html).toMatch(new RegExp(`<h1[^>]*>${escapeHtml(page.title)}</h1>`));
    const description = /<meta name="description" content="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(description.length, page.path).toBeGreaterThan(60);
    const text = visibleText(html);
    for (const figure of page.figures) expect(text, `${page.path}: ${figure}`).toContain(figure);
  }
});

test('the exact figures of docs/product/public-site.md#legal-pages appear on their pages', async ({
  request,
}) => {
  const expected: Record<string, string[]> = {
    '/terms': ['30 days', '3 months', 'under 16', 'free'],
    '/privacy': ['30 days', 'under 16'],
    '/cancellation-refunds': ['14 days', '72 consecutive hours', '30 days', '2-3 business days'],
    '/shipping': ['5-7 business days', '5-14 business days', '15 days', '3 days', '12 hours'],
    '/botgit-privacy': ['September 07, 2025'],
  };
  for (const [path, figures] of Object.entries(expected)) {
    const text = visibleText(await (await request.get(path)).text());
    for (const figure of figures) expect(text, `${path}: ${figure}`).toContain(figure);
  }
});

test("the footer's legal links reach each page", async ({ page }) => {
  await page.goto('/terms');
  for (const link of LEGAL_LINKS) {
    const expected = PAGES.find((p) => p.path === link.to)!;
    await page.getByRole('contentinfo').getByRole('link', { name: link.label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${link.to}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(expected.title);
    await expect(page).toHaveTitle(`${expected.title} - AgencyHQ`);
  }
});

test('the table of contents links to every section and its anchors scroll there', async ({ page }) => {
  for (const { path } of PAGES) {
    await page.goto(path);
    const toc = page.getByRole('navigation', { name: 'On this page' });
    const links = toc.getByRole('link');
    const count = await links.count();
    expect(count, path).toBeGreaterThanOrEqual(5);
    for (let i = 0; i < count; i += 1) {
      const href = (await links.nth(i).getAttribute('href'))!;
      expect(href).toMatch(/^#[a-z-]+$/);
      await expect(page.locator(`${href} h2`), `${path}${href}`).toHaveText(
        (await links.nth(i).textContent())!,
      );
    }
    const last = links.last();
    const target = (await last.getAttribute('href'))!;
    await last.click();
    await expect(page).toHaveURL(new RegExp(`${path}${target}$`));
    await expect(page.locator(`${target} h2`)).toBeInViewport();
  }
});

test('legal pages fit a 390 px phone without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const { path, title } of PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});
