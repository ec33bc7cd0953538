// Builds when dist/ is missing or older than any of its inputs (used by `npm start` and the browser tests).
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const stamp = path.join(root, 'dist/.build-stamp');
const inputs = ['src', 'vite.config.ts', 'package-lock.json', 'scripts/build.mjs', 'scripts/lib'];

function newestMtime(target) {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(
    stat.mtimeMs,
    ...fs.readdirSync(target).map((name) => newestMtime(path.join(target, name))),
  );
}

export function buildIsStale() {
  const built = fs.statSync(stamp, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  return built < Math.max(...inputs.map((p) => newestMtime(path.join(root, p))));
}

export async function buildIfStale(message) {
  if (!buildIsStale()) return false;
  if (message) console.log(message);
  const { buildAll } = await import('../build.mjs');
  await buildAll({ quiet: true });
  return true;
}
