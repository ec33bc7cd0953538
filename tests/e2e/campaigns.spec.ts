import type { Page } from '@playwright/test';
import {
  CAMPAIGN_MESSAGES as M,
  EMAIL_SETUP_MESSAGES,
  MAILING_LIST_MESSAGES,
} from '../../src/shared/messages';
import {
  expect,
  registerViaApi,
  signIn,
  test,
  uniqueEmail,
  waitForHydrationOnGoto,
} from './support/fixtures';
import { receivedMails, testSmtp } from './support/mail';

async function saveEmailSetup(page: Page) {
  const smtp = testSmtp();
  await page.goto('/dashboard/email-setup');
  const form = page.getByRole('form', { name: 'SMTP server' });
  await form.getByLabel('SMTP Host').fill(smtp.host);
  await form.getByLabel('Port').fill(String(smtp.port));
  // The test server speaks plain SMTP on loopback.
  await form.getByRole('switch', { name: 'Secure connection (SSL/TLS)' }).click();
  await form.getByLabel('SMTP User').fill(smtp.user);
  await form.getByLabel('Password', { exact: true }).fill(smtp.pass);
  await form.getByLabel('Sender Name').fill('Bloom News <news@bloom.test>');
  await form.getByRole('button', { name: 'Save Configuration' }).click();
  await expect(page.getByText(EMAIL_SETUP_MESSAGES.saved)).toBeVisible();
}

/** No screen is needed for the template's content here: its one link must lead back to this app (no internet). */
async function makeTemplate(page: Page, baseURL: string) {
  const token = await page.evaluate(() => sessionStorage.getItem('token') ?? localStorage.getItem('token'));
  const mjml =
    '<mjml><mj-body><mj-section><mj-column>' +
    '<mj-text>Hello {{ name | default: "there" }}, our spring prices are out.</mj-text>' +
    `<mj-button href="${baseURL}/pricing">See the prices</mj-button>` +
    '</mj-column></mj-section></mj-body></mjml>';
  const made = await page.request.post('/api/email-templates', {
    headers: { Authorization: `Bearer ${token}` },
    data: { name: 'Spring letter', subject: 'Spring at Bloom', preheader: '', mjml },
  });
  expect(made.status(), await made.text()).toBe(201);
}

async function addPerson(page: Page, email: string, name: string) {
  await page.getByRole('button', { name: 'Add person' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a person' });
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Basis of consent').fill('Signed up at our stand, 2026-10-01');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog.getByText(MAILING_LIST_MESSAGES.added)).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
}

async function newCampaign(page: Page, name: string, list: string, screenshot?: string) {
  await page.getByRole('button', { name: 'New campaign' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New campaign' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Template').selectOption({ label: 'Spring letter' });
  await dialog.getByLabel('List').selectOption({ label: `${list} (2 subscribed)` });
  if (screenshot) {
    await dialog.getByText('Advanced: link tracking').click();
    await expect(dialog.getByLabel('utm_campaign')).toHaveAttribute('placeholder', 'spring-news');
    await page.screenshot({ path: screenshot });
  }
  await dialog.getByRole('button', { name: 'Save campaign' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(M.created).first()).toBeVisible();
}

/**
 * Campaigns (docs/product/marketing.md#campaigns) from the screens: a list, a campaign sent now and one
 * scheduled; the mail arrives with its tracked link and its unsubscribe link, and the unsubscribe page asks
 * before it unsubscribes (docs/product/marketing.md#unsubscribing).
 */
test('a campaign is sent from Campaign Setup, its link is tracked and its unsubscribe link works', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const run = Date.now().toString(36);
  const email = uniqueEmail(`bloom-${run}.test`);
  await registerViaApi(request, { userType: 'business-owner', businessName: 'Bloom Bakery', email });
  await signIn(page, email, 'secret123');
  await saveEmailSetup(page);
  await makeTemplate(page, baseURL!);

  await page.goto('/dashboard/campaign-setup');
  await expect(page.getByRole('tab', { name: 'Campaigns' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText(M.noCampaigns)).toBeVisible();

  // The list: single opt-in, two people added by hand.
  const list = `Spring readers ${run}`;
  await page.getByRole('tab', { name: 'Lists' }).click();
  await page.getByRole('button', { name: 'New list' }).click();
  const listDialog = page.getByRole('dialog', { name: 'New list' });
  await listDialog.getByLabel('Name').fill(list);
  await listDialog.getByLabel('Opt-in').selectOption('single');
  await listDialog.getByRole('button', { name: 'Save list' }).click();
  await expect(listDialog).toBeHidden();
  await page.getByRole('button', { name: list }).click();
  const ann = `ann.${run}@inbox.test`;
  const bob = `bob.${run}@inbox.test`;
  await addPerson(page, ann, 'Ann');
  await addPerson(page, bob, 'Bob');
  await expect(page.getByText('2 subscribed')).toBeVisible();

  await page.getByRole('tab', { name: 'Campaigns' }).click();
  // The sending speed says what is wrong before it asks the server.
  const speed = page.getByRole('form', { name: M.throttleTitle });
  await expect(speed.getByLabel('Messages per second')).toHaveValue('10');
  await speed.getByLabel('Messages per second').fill('0');
  await speed.getByRole('button', { name: 'Save speed' }).click();
  await expect(speed.getByText(M.perSecondRange)).toBeVisible();
  await speed.getByLabel('Messages per second').fill('20');
  await speed.getByRole('button', { name: 'Save speed' }).click();
  await expect(speed.getByText(M.throttleSaved)).toBeVisible();

  await newCampaign(page, 'Spring news', list, 'test-results/campaign-dialog.png');
  await newCampaign(page, 'Summer news', list);

  // One scheduled (the dialog starts ten minutes ahead)...
  const summer = page.getByRole('row').filter({ hasText: 'Summer news' });
  await summer.getByRole('button', { name: 'Schedule Summer news' }).click();
  const schedule = page.getByRole('dialog', { name: M.scheduleTitle });
  const at = schedule.getByLabel('Send at');
  const tenMinutesAhead = await at.inputValue();
  // The server's refusal shows in the dialog, which stays open.
  await at.fill('2020-01-01T10:00');
  await schedule.getByRole('button', { name: 'Schedule' }).click();
  await expect(schedule.getByText(M.scheduleTooSoon)).toBeVisible();
  await at.fill(tenMinutesAhead);
  await schedule.getByRole('button', { name: 'Schedule' }).click();
  await expect(schedule).toBeHidden();
  await expect(summer.getByText('scheduled', { exact: true })).toBeVisible();

  // ...and one sent now, after the dialog says how many people the list has.
  const spring = page.getByRole('row').filter({ hasText: 'Spring news' });
  await spring.getByRole('button', { name: 'Send now Spring news' }).click();
  const confirm = page.getByRole('dialog', { name: M.sendConfirmTitle });
  await expect(confirm).toContainText(M.sendConfirm(2, list));
  await page.screenshot({ path: 'test-results/campaign-send-confirm.png' });
  await confirm.getByRole('button', { name: 'Send now' }).click();
  await expect(confirm).toBeHidden();
  // The dispatcher ticks every second and the outbox every few: the table refreshes itself meanwhile.
  await expect(spring.getByText('2 / 2 sent')).toBeVisible({ timeout: 60_000 });
  await expect(spring.getByText('sent', { exact: true })).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: 'test-results/campaigns-tab.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/campaigns-tab-phone.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });

  await expect
    .poll(() => receivedMails((m) => m.to === ann || m.to === bob).length, { timeout: 30_000 })
    .toBe(2);
  const [mail] = receivedMails((m) => m.to === ann);
  expect(mail!.subject).toBe('Spring at Bloom');

  // The tracked link leads to the page with the campaign's utm_*.
  const tracked = new RegExp(`href="(${baseURL!.replace(/[.]/g, '\\.')}/r/[^"]+)"`).exec(mail!.html);
  expect(tracked, mail!.html).not.toBeNull();
  await page.goto(tracked![1]!.replace(/&amp;/g, '&'));
  await expect(page).toHaveURL(/\/pricing\?.*utm_campaign=spring-news/);

  // The unsubscribe link asks first; the button unsubscribes.
  const header = /^<([^>]+)>/.exec(mail!.headers['list-unsubscribe']!)![1]!;
  expect(header.startsWith(`${baseURL}/unsubscribe?token=`)).toBe(true);
  const guest = await browser.newContext();
  const reader = waitForHydrationOnGoto(await guest.newPage());
  await reader.goto(header);
  await expect(reader.getByRole('heading', { name: M.unsubscribeQuestion(list) })).toBeVisible();
  await expect(reader.getByText(/a•*@inbox\.test|\.test will get no more mail/)).toBeVisible();
  await expect(reader.getByLabel(M.unsubscribeEverything('Bloom Bakery'))).not.toBeChecked();
  await expect(reader.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await reader.screenshot({ path: 'test-results/unsubscribe-page.png', fullPage: true });
  await reader.setViewportSize({ width: 390, height: 844 });
  await reader.screenshot({ path: 'test-results/unsubscribe-page-phone.png' });
  await reader.getByRole('button', { name: M.unsubscribeButton }).click();
  await expect(reader.getByText(M.unsubscribed(list))).toBeVisible();
  await reader.reload();
  await expect(reader.getByText(M.unsubscribeAlready(list))).toBeVisible();
  await reader.goto('/unsubscribe?token=forged.token');
  await expect(reader.getByText(M.unsubscribeInvalid)).toBeVisible();
  await reader.goto('/unsubscribe');
  await expect(reader.getByText(M.unsubscribeMissing)).toBeVisible();
  await guest.close();

  // The list shows Ann unsubscribed.
  await page.goto('/dashboard/campaign-setup');
  await page.getByRole('tab', { name: 'Lists' }).click();
  await page.getByRole('button', { name: list }).click();
  await expect(
    page.getByRole('row').filter({ hasText: ann }).getByText('unsubscribed', { exact: true }),
  ).toBeVisible();
  await expect(
    page.getByRole('row').filter({ hasText: bob }).getByText('subscribed', { exact: true }),
  ).toBeVisible();

  // "View results" opens that campaign's report in Analytics & Reporting.
  await page.getByRole('tab', { name: 'Campaigns' }).click();
  await spring.getByRole('link', { name: 'View results of Spring news' }).click();
  await expect(page).toHaveURL(/\/dashboard\/email-analytics\?campaign=/);
  await expect(page.getByRole('heading', { name: 'Spring news' })).toBeVisible();
});
