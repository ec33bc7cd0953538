import { buildIfStale } from '../../../scripts/lib/build-if-stale.mjs';

/** The render-cache suites serve real server-rendered pages: the built web app (dist/) must be current. */
export default async function globalSetup() {
  await buildIfStale('Building the web app for the page suites...');
}
