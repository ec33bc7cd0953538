import path from 'node:path';
import Database from 'better-sqlite3';
import { PLAN_LIMIT_MESSAGES } from '../../src/shared/messages';
import { PLAN_LIMITS } from '../../src/shared/plans';
import { expect, registerViaApi, signInThroughForm, test, uniqueEmail } from './support/fixtures';

/** A 1x1 transparent PNG. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const LIMIT = PLAN_LIMITS.Free.storageBytes!;

/** Fills a workspace's storage counter straight in the e2e server's database (150 real uploads are slow). */
function setStoredBytes(email: string, bytes: number): void {
  const db = new Database(path.join(process.env.E2E_DATA_DIR!, 'agencyhq.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare(
      'update workspace_storage set bytes = ? where workspace_id = (select workspace_id from users where email = ?)',
    ).run(bytes, email.toLowerCase());
  } finally {
    db.close();
  }
}

test('a Free workspace near its storage sees the bar fill, and an upload past the limit is refused with the message', async ({
  page,
  request,
}) => {
  const email = uniqueEmail(`limits${Date.now().toString(36)}.test`);
  await registerViaApi(request, { userType: 'business-owner', email, businessName: 'Full Studio' });
  setStoredBytes(email, LIMIT - 50);

  await signInThroughForm(page, email, 'secret123');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/dashboard/workspace-settings');
  await expect(page.getByRole('heading', { name: 'Plan usage' })).toBeVisible();
  await expect(page.getByText('Solo HQ plan', { exact: false }).first()).toBeVisible();
  const storage = page.getByRole('progressbar', { name: 'Storage usage' });
  await expect(storage).toHaveAttribute('aria-valuenow', '99');
  await expect(storage).toHaveAttribute('aria-valuemin', '0');
  await expect(storage).toHaveAttribute('aria-valuemax', '100');
  await expect(storage).toHaveAttribute('data-tone', 'warning');
  await expect(page.getByTestId('workspace-storage')).toContainText('of 500 MB');
  await expect(page.getByTestId('workspace-members')).toHaveText('1 of 10');
  await expect(page.getByTestId('workspace-emails')).toHaveText('0 of 100');
  await expect(page.getByTestId('workspace-projects')).toHaveText('0 of 5');
  await expect(page.getByRole('progressbar', { name: 'Members' })).toHaveAttribute('aria-valuenow', '10');

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: '/tmp/shots/usage-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '/tmp/shots/usage-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // A profile photo would pass the limit: refused with the limit named, nothing saved.
  await page.goto('/dashboard/profile-settings');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page
    .getByLabel('Change photo')
    .setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG_1X1 });
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: PLAN_LIMIT_MESSAGES.storageFull(LIMIT - 50, LIMIT, 'Solo HQ') }),
  ).toBeVisible();

  // At the limit the bar is red and says so.
  setStoredBytes(email, LIMIT);
  await page.goto('/dashboard/workspace-settings');
  await expect(page.getByRole('progressbar', { name: 'Storage usage' })).toHaveAttribute('data-tone', 'full');
  await expect(page.getByText('Limit reached')).toBeVisible();
  await page.screenshot({ path: '/tmp/shots/usage-full-1280.png', fullPage: true });
});
