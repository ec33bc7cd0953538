import type { APIRequestContext, Page } from '@playwright/test';
import { LEAD_MESSAGES, LEAD_TIMELINE_MESSAGES as M } from '../../src/shared/messages';
import { expect, registerViaApi, signIn, test, uniqueEmail } from './support/fixtures';
import { armXssTrap, expectNoXss, XSS_PAYLOADS } from './support/xss';

const run = Date.now().toString(36);
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

async function bearer(request: APIRequestContext, email: string) {
  const response = await request.post('/api/login', { data: { email, password: 'secret123' } });
  expect(response.ok(), await response.text()).toBe(true);
  return { Authorization: `Bearer ${((await response.json()) as { token: string }).token}` };
}

/** A Business Admin of a new workspace, signed in, with one lead of their own on top of the list. */
async function ownerWithLead(page: Page, request: APIRequestContext, domain: string, lead: string) {
  const email = uniqueEmail(`${domain}${run}.test`);
  const registered = await registerViaApi(request, {
    userType: 'business-owner',
    businessName: 'Timeline Co',
    email,
  });
  const { username } = (registered as { user: { username: string } }).user;
  const headers = await bearer(request, email);
  const created = await request.post('/api/leads', {
    headers,
    data: { name: lead, email: `${lead.toLowerCase().replace(/\W+/g, '.')}@timeline.test` },
  });
  expect(created.status()).toBe(201);
  const { lead: row } = (await created.json()) as { lead: { id: string } };
  await signIn(page, email, 'secret123');
  await page.goto('/dashboard/client-leads');
  await page.getByRole('button', { name: `Open details of ${lead}` }).click();
  const panel = page.getByRole('dialog', { name: 'Lead details' });
  return { username, headers, leadId: row.id, panel };
}

/**
 * docs/product/leads.md#timeline in the browser: the side panel's timeline starts with the lead's
 * creation; a status changed in the panel and a note added there are at its top, newest first.
 * Screenshots of the panel at 1280 and 390 px go to /tmp/timeline-*.png.
 */
test('a status change and a new note show at the top of the lead’s timeline', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const { username, panel } = await ownerWithLead(page, request, 'timeline', 'Tia Timeline');
  const timeline = panel.getByRole('list', { name: M.listLabel });
  const entries = timeline.getByRole('listitem');
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText(`Created by ${username}`);
  await expect(entries.first().locator('time')).toHaveText(/ago$/);
  await expect(entries.first().locator('time')).toHaveAttribute('title', /\d{4}, \d{1,2}:\d{2} [AP]M$/);

  // Change the status in edit mode: the timeline is read again after the save.
  await panel.getByRole('button', { name: 'Edit' }).click();
  await panel.getByLabel('Status').selectOption('Qualified');
  await panel.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, LEAD_MESSAGES.updated)).toBeVisible();
  await expect(entries.first()).toContainText(`${username} moved it from New to Qualified`);

  // Add a note: it goes on top, the field empties, the lead's own notes stay as they were.
  const note = panel.getByLabel(M.noteLabel);
  await panel.getByRole('button', { name: M.noteButton }).click();
  await expect(panel.getByText(M.noteRequired)).toBeVisible();
  await note.fill('Called her: she wants the quote by Friday.\nSecond line.');
  await panel.getByRole('button', { name: M.noteButton }).click();
  await expect(toast(page, M.noteAdded)).toBeVisible();
  await expect(note).toHaveValue('');
  await expect(entries).toHaveCount(3);
  await expect(entries.nth(0)).toContainText(`${username} added a note`);
  await expect(entries.nth(0)).toContainText('Called her: she wants the quote by Friday.');
  await expect(entries.nth(1)).toContainText(`${username} moved it from New to Qualified`);
  await expect(entries.nth(2)).toContainText(`Created by ${username}`);
  await expect(panel.getByText('No notes yet.')).toBeVisible();

  await expect(toast(page, M.noteAdded)).toBeHidden({ timeout: 10_000 });
  await entries.last().scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/timeline-desktop.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await entries.last().scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/timeline-phone.png' });
  await page.setViewportSize({ width: 1280, height: 900 });

  // Its author deletes the note.
  page.once('dialog', (dialog) => dialog.accept());
  await entries.nth(0).getByRole('button', { name: M.noteDelete }).click();
  await expect(toast(page, M.noteDeleted)).toBeVisible();
  await expect(entries).toHaveCount(2);
});

test.describe('hostile notes', () => {
  test.use({ bypassCSP: true });
  test.beforeEach(async ({ page }) => armXssTrap(page));

  test('notes written as HTML are shown as the text they are, never run (attack)', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const { headers, leadId, panel } = await ownerWithLead(page, request, 'timelinexss', 'Xena Hostile');
    for (const payload of ['Older note 1', 'Older note 2', 'Older note 3', 'Older note 4', ...XSS_PAYLOADS]) {
      const response = await request.post(`/api/leads/${leadId}/notes`, { headers, data: { text: payload } });
      expect(response.status(), payload).toBe(201);
    }
    await panel.getByLabel(M.noteLabel).fill('<img src=x onerror=xss(0)> typed in the panel');
    await panel.getByRole('button', { name: M.noteButton }).click();
    await expect(toast(page, M.noteAdded)).toBeVisible();

    const timeline = panel.getByRole('list', { name: M.listLabel });
    // 50 entries a page: the oldest two come with "Load older", which then goes away.
    await expect(timeline.getByRole('listitem')).toHaveCount(50);
    await panel.getByRole('button', { name: M.loadOlder }).click();
    await expect(timeline.getByRole('listitem')).toHaveCount(XSS_PAYLOADS.length + 6);
    await expect(timeline.getByRole('listitem').last()).toContainText('Created by');
    await expect(panel.getByRole('button', { name: M.loadOlder })).toBeHidden();
    await expect(timeline.getByText('<img src=x onerror=xss(0)> typed in the panel')).toBeVisible();
    await expect(timeline.getByText(XSS_PAYLOADS[0]!, { exact: true })).toBeVisible();
    // Nothing a note said became an element.
    await expect(
      timeline.locator('img, script, iframe, object, embed, a, math, details, video, audio, select, input'),
    ).toHaveCount(0);
    await expectNoXss(page, 'the lead timeline');
  });
});
