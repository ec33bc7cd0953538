// Browser tests drive Debian's Chromium (browser downloads are not possible here). Install it when we can:
// the full browser (the extension's journeys need it) and its headless shell (every other page, faster;
// docs/decisions/0019-browser-tests-on-small-machines.md).
import fs from 'node:fs';
import { spawnSync } from 'node:child_process';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Debian's chromium-headless-shell package: Chromium's headless build, without the full browser's windows. */
export const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

export function ensureChromium() {
  const missing = [
    !fs.existsSync(CHROMIUM) && 'chromium',
    !process.env.CHROMIUM_PATH && !fs.existsSync(HEADLESS_SHELL) && 'chromium-headless-shell',
  ].filter(Boolean);
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (missing.length > 0 && isRoot && hasApt && !process.env.CHROMIUM_PATH) {
    console.log(`Installing Debian ${missing.join(' and ')} for the browser tests...`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    // One package at a time: a registry without the headless shell must not keep the browser out.
    for (const name of missing)
      spawnSync('apt-get', ['install', '-y', '-qq', name], { stdio: 'inherit', env });
  }
  // Without the headless shell the pages run in the full browser: slower, never failing for it.
  if (!fs.existsSync(HEADLESS_SHELL) && !process.env.CHROMIUM_PATH)
    console.log(
      'chromium-headless-shell is not installed: the browser tests run every page in the full Chromium.',
    );
  if (fs.existsSync(CHROMIUM)) return true;
  console.error(
    `Browser tests need Chromium at ${CHROMIUM}: install it with 'sudo apt-get install chromium' or set CHROMIUM_PATH.`,
  );
  return false;
}
