// Comments and documents cite what a clone of this repository holds: docs/architecture.md, docs/decisions/,
// docs/product/. This fails on a citation of a document outside it (the old "spec §n", DESIGN.md,
// ../shared/…) or of a numbered issue, and on a cited docs/….md file or #heading that does not exist.
// The landed migrations 001–017 are left as they were written: a migration is never edited. This file
// names the forms it refuses, so it is not read itself.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SCANNED = ['src', 'tests', 'scripts', 'docs', 'extension'];
const SKIPPED_DIRS = new Set([
  'node_modules',
  'dist',
  'data',
  'test-results',
  'playwright-report',
  'coverage',
]);
const TEXT_FILE = /\.(ts|tsx|mts|cts|js|mjs|cjs|md|json|html|css|txt)$/;
/** Migrations that landed before this check keep the history they were written with. */
const LANDED_MIGRATION = /(^|\/)migrations\/(\d{3})-[^/]+$/;
const LAST_LANDED_MIGRATION = 17;

const FORBIDDEN = [
  {
    pattern: /\b[Ss]pec(?:['’]s)?\s*§/g,
    why: 'the product specification outside the repository: cite docs/product/',
  },
  { pattern: /(?<!RFC ?\d{3,5} ?)§\s?\d/g, why: 'a numbered section of a document outside the repository' },
  {
    pattern: /\bDESIGN\b(?![&=])/g,
    why: 'the design notes outside the repository: cite docs/architecture.md or docs/decisions/',
  },
  { pattern: /\.\.\/shared\/(?:DESIGN|spec\/)|product-spec\.md/g, why: 'a path outside the repository' },
  {
    pattern: /\b[Ii]ssues? #?\d+/g,
    why: 'an issue number: cite the decision record or the product page instead',
  },
];

function files(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : files(full);
    return TEXT_FILE.test(entry.name) ? [full] : [];
  });
}

function isLandedMigration(relative) {
  const match = LANDED_MIGRATION.exec(relative);
  return match !== null && relative.startsWith('src/') && Number(match[2]) <= LAST_LANDED_MIGRATION;
}

const rootFiles = fs
  .readdirSync(root)
  .filter((name) => name === 'README.md' || /\.config\.(ts|js|mjs|cjs)$/.test(name))
  .map((name) => path.join(root, name));
const scanned = [...rootFiles, ...SCANNED.flatMap((dir) => files(path.join(root, dir)))]
  .map((file) => path.relative(root, file).split(path.sep).join('/'))
  .filter((relative) => !isLandedMigration(relative) && relative !== 'scripts/check-citations.mjs');

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens; repeats numbered. */
function anchorsOf(markdown) {
  const anchors = new Set();
  const seen = new Map();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const text = heading[1].replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

const anchorCache = new Map();
/** Why `target` (a path from the repository's root, with an optional #anchor) does not resolve, or null. */
function unresolved(target) {
  const [file, anchor] = target.split('#');
  const full = path.join(root, file);
  if (!fs.existsSync(full)) return `${file} does not exist`;
  if (!anchor || !file.endsWith('.md') || fs.statSync(full).isDirectory()) return null;
  if (!anchorCache.has(file)) anchorCache.set(file, anchorsOf(fs.readFileSync(full, 'utf8')));
  return anchorCache.get(file).has(anchor) ? null : `${file} has no heading #${anchor}`;
}

const problems = [];
for (const relative of scanned) {
  const lines = fs.readFileSync(path.join(root, relative), 'utf8').split('\n');
  const isMarkdown = relative.endsWith('.md');
  lines.forEach((line, index) => {
    const at = (column) => `${relative}:${index + 1}:${column + 1}`;
    for (const { pattern, why } of FORBIDDEN)
      for (const match of line.matchAll(pattern)) problems.push(`${at(match.index)}  "${match[0]}": ${why}`);
    // docs/….md cited by its path from the repository's root, in comments and documents alike.
    for (const match of line.matchAll(/(?<![\w./-])docs\/[\w./-]*\.md(?:#[\w-]+)?/g)) {
      const problem = unresolved(match[0]);
      if (problem) problems.push(`${at(match.index)}  "${match[0]}": ${problem}`);
    }
    // Relative links between documents.
    if (isMarkdown)
      for (const match of line.matchAll(/\]\(([^)\s]+)\)/g)) {
        const link = match[1];
        if (/^[a-z]+:|^#|^\//.test(link) || link.startsWith('docs/')) continue;
        const [file, anchor] = link.split('#');
        const target = path.posix.normalize(path.posix.join(path.posix.dirname(relative), file));
        const problem = unresolved(anchor ? `${target}#${anchor}` : target);
        if (problem) problems.push(`${at(match.index)}  "${link}": ${problem}`);
      }
  });
}

if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  console.error(
    `check-citations: ${problems.length} citation(s) that do not resolve in this repository (docs/architecture.md#keeping-it-true).`,
  );
  process.exitCode = 1;
} else {
  console.log(`check-citations: ${scanned.length} files cite only what the repository holds.`);
}
