import { buildIfStale } from '../../../scripts/lib/build-if-stale.mjs';
import { startServer } from './server';

/** Builds if needed, starts one server for the whole run; workers read its address from the environment. */
export default async function globalSetup() {
  await buildIfStale('Building the app for the browser tests...');
  const server = await startServer();
  process.env.E2E_BASE_URL = server.baseURL;
  process.env.E2E_DATA_DIR = server.dataDir;
  return () => server.stop();
}
