/** The parts of Vite's build manifest (dist/client/.vite/manifest.json) the server reads. */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
export type ViteManifest = Record<string, ManifestChunk>;

/** Source module (relative to src/web) → the chunk file holding it (scripts/lib/module-chunks-plugin.ts). */
export type ModuleChunks = Record<string, string>;

/**
 * The paths of the chunks holding the given source modules and everything they import, minus what the
 * HTML template already loads (the entry and its imports), space-separated for the script loader's
 * `data-preload` (src/web/scripts-after-paint.ts). The browser then fetches a page's code together with
 * the entry instead of after it, shortening the wait for hydration.
 */
export function modulePreloader(
  manifest: ViteManifest,
  moduleChunks: ModuleChunks,
): (modules: string[]) => string {
  const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const closure = (keys: string[], seen = new Set<string>()) => {
    const pending = [...keys];
    while (pending.length > 0) {
      const key = pending.pop()!;
      if (seen.has(key) || !manifest[key]) continue;
      seen.add(key);
      pending.push(...(manifest[key].imports ?? []));
    }
    return seen;
  };
  const inTemplate = closure(Object.keys(manifest).filter((key) => manifest[key]!.isEntry));

  return (modules) => {
    const keys = modules.flatMap((module) => {
      const key = keyOfFile.get(moduleChunks[module] ?? '');
      return key ? [key] : [];
    });
    return [...closure(keys, new Set(inTemplate))]
      .filter((key) => !inTemplate.has(key))
      .map((key) => `/${manifest[key]!.file}`)
      .join(' ');
  };
}
