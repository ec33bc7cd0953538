import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { createRequire, Module } from 'node:module';
import { IMPORTER_KEY } from '../lib/load-module';

/**
 * `dist/server/main.js`: runs the server bundle (`server.cjs`) with V8's code cache
 * (docs/decisions/0027-server-start-from-v8-code-cache.md). Compiling the 6 MB bundle was a fifth of a
 * start; the cache, written by the first start after a build, holds the compiled code of every function
 * that start ran, so later starts skip both the parse and those functions' compilation. Node 22 does this
 * itself (`module.enableCompileCache`); Node 20 offers it only through `vm.Script`'s cached data.
 *
 * V8 accepts a cache for any source of the same length, so the file's name carries the bundle's size and
 * modification time: a new build never runs an old build's code.
 */
const bundle = path.join(import.meta.dirname, 'server.cjs');
const { size, mtimeMs } = fs.statSync(bundle);
const cacheFile = path.join(import.meta.dirname, `server.${size}-${Math.trunc(mtimeMs)}.v8-cache`);

/**
 * Node 20 drops, with the cached code, what an `import()` inside it needs to resolve (it then throws "A
 * dynamic import callback was not specified"), so the bundle imports through this module's `import()`
 * (src/server/lib/load-module.ts).
 */
(globalThis as { [key: symbol]: unknown })[IMPORTER_KEY] = (specifier: string) => import(specifier);

const cachedData = readCache();
const script = new vm.Script(Module.wrap(fs.readFileSync(bundle, 'utf8')), { filename: bundle, cachedData });
if (!cachedData || script.cachedDataRejected) {
  // Written once the start is done and again on exit, each time with every function compiled by then.
  setTimeout(writeCache, 10_000).unref();
  process.once('exit', writeCache);
}
const run = script.runInThisContext() as (...args: unknown[]) => void;
const module = { exports: {} };
run.call(module.exports, module.exports, createRequire(bundle), module, bundle, import.meta.dirname);

function readCache(): Buffer | undefined {
  try {
    return fs.readFileSync(cacheFile);
  } catch {
    return undefined;
  }
}

/** Replaces the file whole (another instance may be reading it); a read-only dist only loses the speed-up. */
function writeCache(): void {
  const temporary = `${cacheFile}.${process.pid}`;
  try {
    fs.writeFileSync(temporary, script.createCachedData());
    fs.renameSync(temporary, cacheFile);
  } catch {
    fs.rmSync(temporary, { force: true });
  }
}
