import { buildIfStale } from '../../../scripts/lib/build-if-stale.mjs';
import { makeTemplateDatabase } from './template-database';
import { testEngine } from './engine';

/**
 * The render-cache suites serve real server-rendered pages: the built web app (dist/) must be current.
 * Every suite's database is a copy of one migrated here (template-database.ts).
 */
export default async function globalSetup() {
  await buildIfStale('Building the web app for the page suites...');
  return makeTemplateDatabase(testEngine());
}
