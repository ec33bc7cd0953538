import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_MODULES, type PageName } from './pages';
import { serverPages } from './pages.server';

const clientSource = fs.readFileSync(path.join(import.meta.dirname, 'pages.client.ts'), 'utf8');

describe('page modules', () => {
  it('names every page the server renders', () => {
    expect(Object.keys(PAGE_MODULES).sort()).toEqual(Object.keys(serverPages).sort());
  });

  it('are exactly the modules the browser loads each page from', () => {
    // Specifiers are relative to app/; PAGE_MODULES names modules relative to src/web.
    const fromWeb = (specifier: string) => `${path.posix.join('app', specifier)}.tsx`;
    const legal = /const legal = \(\) => import\('(\.[^']+)'\)/.exec(clientSource)?.[1];
    const importedBy = new Map<PageName, string>();
    for (const [, name, specifier] of clientSource.matchAll(
      /^ {2}(\w+): lazyPage\(\(\) =>\s+(?:import\('(\.[^']+)'\)|legal\(\))/gm,
    ))
      importedBy.set(name as PageName, fromWeb(specifier ?? legal ?? ''));
    expect(Object.fromEntries(importedBy)).toEqual(
      Object.fromEntries(Object.entries(PAGE_MODULES).map(([name, file]) => [name, file])),
    );
  });
});
