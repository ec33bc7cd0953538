import type { Locator, Page } from '@playwright/test';
import { CLIENT_MESSAGES, PROJECT_MESSAGES, TASK_MESSAGES, TIME_MESSAGES } from '../../src/shared/messages';
import { expect, signIn, test } from './support/fixtures';
import { E2E_ADMIN } from './support/server';

const toast = (page: Page, text: string | RegExp) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });
const column = (page: Page, name: string) => page.getByRole('region', { name: new RegExp(`^${name} \\(`) });
const card = (scope: Page | Locator, title: string) => scope.getByRole('listitem').filter({ hasText: title });

/**
 * Last ISO week's days, as the server counts them (UTC). Not this week's: the budget chart counts time to
 * date, and on a Monday or a Tuesday this week's second and third days are still to come.
 */
function lastWeek() {
  const now = new Date();
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const monday = midnight - (((now.getUTCDay() + 6) % 7) + 7) * 86_400_000;
  return Array.from({ length: 7 }, (_, i) =>
    new Date(monday + i * 86_400_000).toLocaleDateString('en-IN', {
      weekday: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    }),
  );
}

/**
 * docs/product/projects.md in the browser, the agency's whole operating loop: a won lead becomes a client with
 * its first project; three tasks are planned on the board, one moved by keyboard and one by mouse; a timer
 * runs across a reload; a week is filled, submitted and approved; the budget chart moves; the project is
 * delivered and found in Project Delivered. Screenshots at 1280 and 390 px.
 */
test('a lead becomes a project that is planned, timed, approved and delivered', async ({ page, request }) => {
  test.setTimeout(150_000);
  const tag = Date.now().toString(36);
  const company = `Kite Studio ${tag}`;
  const projectName = `Kite launch ${tag}`;
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  const token = await page.evaluate(() => sessionStorage.getItem('token') ?? localStorage.getItem('token'));
  const lead = await request.post('/api/leads', {
    headers: { Authorization: `Bearer ${token}` },
    data: { name: `Asha ${tag}`, email: `asha@${tag}.test`, company },
  });
  expect(lead.status(), await lead.text()).toBe(201);

  // Convert: a new client from the lead, with its first project.
  await page.goto(`/dashboard/client-leads?search=${tag}`);
  await page.getByRole('button', { name: `Open details of Asha ${tag}` }).click();
  await page
    .getByRole('dialog', { name: 'Lead details' })
    .getByRole('button', { name: 'Convert to client' })
    .click();
  await page
    .getByRole('dialog', { name: 'Convert to client' })
    .getByRole('button', { name: 'New client' })
    .click();
  const form = page.getByRole('dialog', { name: 'New client from this lead' });
  await form.getByLabel('State').selectOption('Karnataka');
  await form.getByLabel('First project (optional)').fill(projectName);
  await form.getByRole('button', { name: 'Convert to client' }).click();
  await expect(toast(page, CLIENT_MESSAGES.converted(company))).toBeVisible();

  // The project, found in Client / Projects and opened; a budget of 10 hours and a rate set.
  await page.goto(`/dashboard/our-projects?q=${tag}`);
  await page
    .getByRole('table', { name: 'Projects' })
    .getByRole('button', { name: new RegExp(projectName) })
    .click();
  await expect(page.getByRole('heading', { name: projectName, level: 2 })).toBeVisible();
  const code = (await page.getByTestId('project-code').textContent())!.trim();
  expect(code).toMatch(/^P-\d{3,}$/);
  await page.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${code} ${projectName}` });
  await edit.getByLabel('Status', { exact: true }).selectOption('active');
  await edit.getByLabel('Budget (hours)').fill('10');
  await edit.getByLabel('Hourly rate (INR)').fill('2,500');
  await edit.getByRole('button', { name: 'Save project' }).click();
  await expect(toast(page, PROJECT_MESSAGES.updated)).toBeVisible();
  await expect(page.getByText('0h of 10h', { exact: true }).first()).toBeVisible();

  // Three tasks planned from the keyboard: the column's add button, the title typed, Enter.
  for (const title of ['Brief', 'Design', 'Launch']) {
    await page.getByRole('button', { name: 'Add a task to To do' }).focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: /^New task in / });
    await expect(panel.getByLabel('Title')).toBeFocused();
    await page.keyboard.type(title);
    await page.keyboard.press('Enter');
    await expect(toast(page, TASK_MESSAGES.created).first()).toBeVisible();
    await expect(panel).toBeHidden();
  }
  await expect(column(page, 'To do').getByRole('listitem')).toHaveCount(3);
  // By keyboard: Alt+→ moves the focused card to the next column, and it is announced.
  await card(column(page, 'To do'), 'Brief').focus();
  const moved = page.waitForResponse((r) => /\/api\/tasks\/[^/]+\/move$/.test(r.url()) && r.ok());
  await page.keyboard.press('Alt+ArrowRight');
  await moved;
  await expect(card(column(page, 'In progress'), 'Brief')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Moved #1 Brief to In progress' })).toBeAttached();
  // By mouse: dragged onto In review.
  // The board refetches after each move and draws its cards anew: a drag begun meanwhile can pick up the
  // card that moved into Design's place. Drag once the refetch after the keyboard move is in.
  await page.waitForLoadState('networkidle');
  await card(column(page, 'To do'), 'Design').dragTo(column(page, 'In review'));
  await expect(card(column(page, 'In review'), 'Design')).toBeVisible();
  await page.reload();
  await expect(card(column(page, 'In progress'), 'Brief')).toBeVisible();
  await expect(card(column(page, 'In review'), 'Design')).toBeVisible();
  await expect(card(column(page, 'To do'), 'Launch')).toBeVisible();
  // A file on a task: checked by its content, listed with who attached it.
  await card(column(page, 'In progress'), 'Brief').getByRole('button', { name: /Brief/ }).first().click();
  const taskPanel = page.getByRole('dialog', { name: '#1 Brief' });
  await taskPanel.locator('input[type=file]').setInputFiles({
    name: 'brief.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Launch brief: teal and sand, Inter.'),
  });
  await expect(toast(page, TASK_MESSAGES.attached)).toBeVisible();
  await expect(taskPanel.getByRole('button', { name: 'brief.txt', exact: true })).toBeVisible();
  await page.screenshot({ path: '/tmp/projects-task-1280.png' });
  await page.keyboard.press('Escape');
  await expect(taskPanel).toBeHidden();
  await page.screenshot({ path: '/tmp/projects-board-1280.png', fullPage: true });

  // The timer: started on the project, shown in the header, still there after a reload, stopped.
  await page.getByRole('button', { name: 'Start timer' }).click();
  await expect(toast(page, TIME_MESSAGES.timerStarted)).toBeVisible();
  await expect(page.getByTestId('header-timer')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('header-timer')).toContainText(/P-\d+/);
  await page.getByRole('button', { name: 'Stop the timer' }).click();
  await expect(toast(page, TIME_MESSAGES.timerStopped)).toBeVisible();
  await expect(page.getByTestId('header-timer')).toBeHidden();
  const chart = page.getByTestId('budget-chart');
  await expect(chart).toBeVisible();
  const before = await chart.getAttribute('aria-label');

  // Last week: a row for the project's Design task, three days filled, submitted, then approved.
  await page.getByRole('button', { name: 'All projects' }).click();
  await page.getByRole('tab', { name: 'Timesheet' }).click();
  const weekHeading = page.getByRole('heading', { name: /^Week of / });
  const thisWeekHeading = await weekHeading.textContent();
  await page.getByRole('button', { name: 'Previous week' }).click();
  await expect(weekHeading).not.toHaveText(thisWeekHeading ?? '');
  await page.getByLabel('Project', { exact: true }).selectOption({ label: `${code} ${projectName}` });
  await page.getByLabel('Task', { exact: true }).selectOption({ label: '#2 Design' });
  await page.getByRole('button', { name: 'Add row' }).click();
  const days = lastWeek();
  const row = (day: string) => page.getByLabel(`${code} ${projectName} #2 Design, ${day}`, { exact: true });
  for (const [i, hours] of [
    ['0', '2'],
    ['1', '1.5'],
    ['2', '3:30'],
  ] as const) {
    await row(days[Number(i)]!).fill(hours);
    await page.keyboard.press('Tab');
    await expect(toast(page, /Time logged|Time entry updated/).first())
      .toBeHidden({ timeout: 10_000 })
      .catch(() => undefined);
  }
  const total = page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: new RegExp(`${projectName}.*#2 Design`) }) });
  await expect(total.getByRole('cell').last()).toHaveText('7h');
  await page.screenshot({ path: '/tmp/projects-timesheet-1280.png', fullPage: true });
  await page.getByRole('button', { name: 'Submit week' }).click();
  await expect(toast(page, /submitted for approval/)).toBeVisible();
  await expect(row(days[0]!)).toHaveAttribute('readonly', '');
  await page.getByRole('tab', { name: 'Approvals' }).click();
  await page.getByRole('button', { name: new RegExp(`^Approve .* on ${code}$`) }).click();
  await expect(toast(page, /approved$/)).toBeVisible();

  // Back on the project: the chart has moved, the hours show approved, and it is delivered.
  await page.getByRole('tab', { name: 'Projects' }).click();
  await page
    .getByRole('table', { name: 'Projects' })
    .getByRole('button', { name: new RegExp(projectName) })
    .click();
  await expect(chart).not.toHaveAttribute('aria-label', before ?? '');
  await expect(chart).toHaveAttribute('aria-label', /of which approved 7h/);
  await page.screenshot({ path: '/tmp/projects-detail-1280.png', fullPage: true });
  await page.getByRole('button', { name: 'Deliver' }).click();
  const deliver = page.getByRole('dialog', { name: `Deliver ${code} ${projectName}` });
  await deliver.getByLabel('Delivery note').fill('Site live, files handed over');
  await deliver.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(toast(page, PROJECT_MESSAGES.delivered)).toBeVisible();

  await page.goto('/dashboard/project-delivered');
  const delivered = page
    .getByRole('table', { name: 'Delivered projects' })
    .getByRole('row')
    .filter({ hasText: projectName });
  await expect(delivered).toContainText('Site live, files handed over');
  await expect(delivered).toContainText(/7h\b.* of 10h/);
  await page.screenshot({ path: '/tmp/projects-delivered-1280.png', fullPage: true });

  // A phone: the same pages fit 390 px.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '/tmp/projects-delivered-390.png', fullPage: true });
  await delivered.getByRole('link', { name: new RegExp(projectName) }).click();
  await expect(page.getByRole('heading', { name: projectName, level: 2 })).toBeVisible();
  await page.screenshot({ path: '/tmp/projects-detail-390.png', fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
