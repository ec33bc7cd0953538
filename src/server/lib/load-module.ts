type Importer = (specifier: string) => Promise<unknown>;

/** Where the built server's loader (src/server/boot/code-cache.ts) puts its importer. */
export const IMPORTER_KEY = Symbol.for('agencyhq.import');

/**
 * `import(specifier)` for the packages the server loads on first use. In the built server, code that ran
 * from V8's code cache cannot `import()` on Node 20, so the bundle's loader hands in an importer of its own
 * (src/server/boot/code-cache.ts); in the sources (tests, tsx) this is a plain `import()`.
 */
export function loadModule<T>(specifier: string): Promise<T> {
  const outside = (globalThis as { [key: symbol]: Importer | undefined })[IMPORTER_KEY];
  return (outside ? outside(specifier) : import(specifier)) as Promise<T>;
}
