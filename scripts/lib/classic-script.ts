import { createHash } from 'node:crypto';
import { build } from 'esbuild';

/**
 * A small browser script bundled and minified on its own (a classic script, not a module): its code and
 * a content-hashed name under assets/, so it is cached for a year like Vite's own files.
 */
export async function buildClassicScript(
  entry: string,
  name: string,
): Promise<{ code: string; fileName: string }> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    write: false,
    legalComments: 'none',
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]!.text;
  const hash = createHash('sha256').update(code).digest('base64url').slice(0, 8);
  return { code, fileName: `assets/${name}-${hash}.js` };
}
