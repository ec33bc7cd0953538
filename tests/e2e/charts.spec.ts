import type { Page } from '@playwright/test';
import { E2E_ADMIN } from './support/server';
import { expect, signInThroughForm, test } from './support/fixtures';

/** docs/decisions/0001-svg-portals-under-preact.md: the 12 dashboard sections that draw a sample chart (Website Analytics draws its own once there are page views: analytics-counting.spec.ts; a project's budget burn, projects.spec.ts) (the placeholder sections of docs/product/dashboard.md#placeholder-sections and the live lead ones). */
const CHART_SECTIONS = [
  'leads-flow',
  'services',
  'meta-ads',
  'instagram',
  'linkedin',
  'youtube',
  'x-com',
  'reddit',
  'whatsapp-marketing',
  'referral-client',
  'case-studies',
  'seo-insights',
] as const;

const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * What the browser really draws of each chart on the page: its marks (bars, lines, areas, sectors: the
 * recharts layers) counted only when they are SVG-namespace elements with a box larger than zero. An
 * element created in the XHTML namespace inside an <svg> is not drawn at all (docs/decisions/0001-svg-portals-under-preact.md).
 */
async function drawnMarks(page: Page): Promise<{ charts: number; empty: number; marks: number }> {
  return page.evaluate((svgNs) => {
    const charts = [...document.querySelectorAll('main .recharts-wrapper')];
    let empty = 0;
    let marks = 0;
    for (const chart of charts) {
      const shapes = [
        ...chart.querySelectorAll(
          '.recharts-bar-rectangle path, .recharts-rectangle, .recharts-curve, .recharts-sector, .recharts-area-area',
        ),
      ].filter((el) => {
        if (el.namespaceURI !== svgNs) return false;
        const box = (el as SVGGraphicsElement).getBBox?.();
        return Boolean(box && box.width * box.height > 0);
      });
      if (shapes.length === 0) empty += 1;
      marks += shapes.length;
    }
    return { charts: charts.length, empty, marks };
  }, SVG_NS);
}

test('every dashboard chart draws visible SVG marks in the built app', async ({ page }) => {
  test.setTimeout(120_000);
  await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard/);
  const blank: string[] = [];
  for (const key of CHART_SECTIONS) {
    await page.goto(`/dashboard/${key}`);
    await expect(page.locator('main .recharts-wrapper').first()).toBeVisible();
    // Past recharts' 600 ms draw-in.
    await page.waitForTimeout(900);
    const drawn = await drawnMarks(page);
    if (drawn.charts === 0 || drawn.empty > 0 || drawn.marks === 0)
      blank.push(`${key}: ${drawn.empty} of ${drawn.charts} charts without a drawn mark`);
  }
  expect(blank).toEqual([]);
});
