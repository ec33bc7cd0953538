import fs from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { AUDIT_KIND_LABELS } from '../../src/shared/audit';
import { E2E_ADMIN } from './support/server';
import { expect, registerViaApi, signIn, test, uniqueEmail } from './support/fixtures';

/** The seeded Admin's bearer header, from a sign-in through the API. */
async function adminHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const response = await request.post('/api/login', {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  return { authorization: `Bearer ${(await response.json()).token}` };
}

test('the Admin sees role changes and lead exports in the audit log, filters them and exports them', async ({
  page,
  request,
}) => {
  // A member of the agency's own workspace (its e-mail domain), whose role the Admin then changes.
  const username = `audited${Date.now().toString(36)}`;
  const member = (await registerViaApi(request, {
    userType: 'team-member',
    email: uniqueEmail('agency.test'),
    username,
  })) as { user: { id: string } };
  const headers = await adminHeaders(request);
  const changed = await request.put(`/api/users/${member.user.id}`, {
    headers,
    data: { role: 'SEO Manager' },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  const exported = await request.get('/api/leads/export', { headers });
  expect(exported.status()).toBe(200);

  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/dashboard/workspace-settings');
  await page.getByRole('tab', { name: 'Security' }).click();
  await expect(page.getByRole('heading', { name: 'Audit Logs' })).toBeVisible();

  const table = page.getByRole('table', { name: 'Audit entries, newest first' });
  const roleChange = table
    .getByRole('row')
    .filter({ hasText: `${username}'s role from Team Member to SEO Manager` });
  await expect(roleChange).toHaveCount(1);
  await expect(roleChange).toContainText(AUDIT_KIND_LABELS['role-changed']);
  await expect(roleChange).toContainText(E2E_ADMIN.email);
  await expect(roleChange).toContainText('127.0.0.1');
  await expect(
    table
      .getByRole('row')
      .filter({ hasText: /admin exported \d+ leads?/ })
      .first(),
  ).toContainText(AUDIT_KIND_LABELS['leads-exported']);

  // Only role changes: the export is filtered out, the role change stays.
  await page.getByLabel('Kind').selectOption({ label: AUDIT_KIND_LABELS['role-changed'] });
  await expect(table.getByText(AUDIT_KIND_LABELS['leads-exported'])).toHaveCount(0);
  await expect(roleChange).toHaveCount(1);

  // The export holds the same filter's entries, as CSV.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^audit_log_\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe('"When (UTC)","Who","Email","Kind","What","IP"');
  expect(lines.some((line) => line.includes(`${username}'s role from Team Member to SEO Manager`))).toBe(
    true,
  );
  expect(lines.slice(1).every((line) => line.includes(`"${AUDIT_KIND_LABELS['role-changed']}"`))).toBe(true);

  // Back to every kind.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(table.getByText(AUDIT_KIND_LABELS['leads-exported']).first()).toBeVisible();
});
