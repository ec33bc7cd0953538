// `node scripts/screenshots.mjs [baseURL] [outDir] [email] [password]`: desktop and phone screenshots of
// the main pages, for a person to look at. Signs in when e-mail and password are given.
import fs from 'node:fs';
import { chromium } from '@playwright/test';

const [base = 'http://127.0.0.1:3000', outDir = '/tmp/shots', email, password] = process.argv.slice(2);
const pages = ['/', '/login', '/signup', '/pricing', '/access-restricted', '/no-such-page'];
fs.mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
for (const [name, viewport] of [
  ['desktop', { width: 1366, height: 860 }],
  ['phone', { width: 390, height: 844 }],
]) {
  const page = await browser.newPage({ viewport });
  for (const route of pages) {
    await page.goto(base + route, { waitUntil: 'networkidle' });
    const file = `${outDir}/${name}${route.replace(/\//g, '_') || '_home'}.png`;
    await page.screenshot({ path: file, fullPage: true });
  }
  if (email && password) {
    await page.goto(`${base}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Continue with email' }).click();
    await page.waitForURL(/dashboard|access-restricted/);
    await page.waitForTimeout(600);
    await page.screenshot({ path: `${outDir}/${name}_dashboard.png`, fullPage: true });
    await page.evaluate(() => localStorage.clear() || sessionStorage.clear());
  }
  await page.close();
}
await browser.close();
console.log(`screenshots in ${outDir}`);
