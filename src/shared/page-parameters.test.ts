import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_PARAMETERS } from './page-parameters';

const FEATURES = path.resolve(import.meta.dirname, '../web/features');
/** Pages shown only after sign-in: the server renders them signed out, without reading their address. */
const SIGNED_IN_ONLY = new Set(['leads', 'projects', 'finance', 'campaign-results']);
/** The same for single files of a public area: the portal's statement needs a portal session. */
const SIGNED_IN_ONLY_FILES = new Set(['portal-statement-page.tsx']);

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SIGNED_IN_ONLY.has(entry.name) ? [] : sources(full);
    return /\.tsx?$/.test(entry.name) &&
      !entry.name.includes('.test.') &&
      !SIGNED_IN_ONLY_FILES.has(entry.name)
      ? [full]
      : [];
  });
}

describe('page parameters', () => {
  it('lists every query parameter a public page reads (else the server renders the page without it)', () => {
    const listed = new Set(Object.values(PAGE_PARAMETERS).flatMap((readings) => Object.keys(readings)));
    const read = new Map<string, string>();
    for (const file of sources(FEATURES)) {
      const text = fs.readFileSync(file, 'utf8');
      if (!text.includes('useSearchParams')) continue;
      for (const match of text.matchAll(/params\.get\('([^']+)'\)/g))
        read.set(match[1]!, path.relative(FEATURES, file));
    }
    expect(read.size).toBeGreaterThanOrEqual(7);
    for (const [name, file] of read) expect(listed.has(name), `${file} reads ?${name}=`).toBe(true);
  });
});
