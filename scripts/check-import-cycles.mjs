// Fails when the import graph of src/ has a circle. ESLint's import-x/no-cycle (eslint.config.js) leaves
// out imports of types only (`import type`, `export type … from`), and a circle made of them still ties
// the two layers together; this check follows every import: values, types, re-exports and import().
// Resolution is TypeScript's own, with the project's tsconfig.json. See docs/architecture.md.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const src = path.join(root, 'src');

const configFile = ts.readConfigFile(path.join(root, 'tsconfig.json'), ts.sys.readFile);
const { options } = ts.parseJsonConfigFileContent(configFile.config, ts.sys, root);

function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

const files = sourceFiles(src);
const inSrc = new Set(files);
/** file → the files of src/ it imports. */
const graph = new Map();
for (const file of files) {
  const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
  const targets = new Set();
  for (const { fileName } of importedFiles) {
    const resolved = ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule?.resolvedFileName;
    if (resolved && inSrc.has(path.resolve(resolved))) targets.add(path.resolve(resolved));
  }
  graph.set(file, [...targets]);
}

// Tarjan's strongly connected components: every component of more than one file is a circle.
let index = 0;
const indices = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const components = [];
function connect(file) {
  indices.set(file, index);
  low.set(file, index);
  index++;
  stack.push(file);
  onStack.add(file);
  for (const next of graph.get(file)) {
    if (!indices.has(next)) {
      connect(next);
      low.set(file, Math.min(low.get(file), low.get(next)));
    } else if (onStack.has(next)) low.set(file, Math.min(low.get(file), indices.get(next)));
  }
  if (low.get(file) === indices.get(file)) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file).includes(file)) components.push(component);
  }
}
for (const file of files) if (!indices.has(file)) connect(file);

/** One circle through `start` inside its component, for the message. */
function circleFrom(start, members) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const next of graph.get(file)) {
      if (next === start) {
        const circle = [start];
        for (let at = file; at !== start; at = previous.get(at)) circle.splice(1, 0, at);
        return [...circle, start];
      }
      if (members.has(next) && !previous.has(next)) {
        previous.set(next, file);
        queue.push(next);
      }
    }
  }
  return [start];
}

const relative = (file) => path.relative(root, file);
if (components.length === 0) {
  console.log(`check-import-cycles: no import circle among ${files.length} files of src/.`);
} else {
  for (const component of components) {
    const members = new Set(component);
    const start = [...component].sort()[0];
    console.error(
      `Import circle of ${component.length} file(s): ${circleFrom(start, members).map(relative).join(' → ')}`,
    );
    if (component.length > 2) console.error(`  all of: ${component.map(relative).sort().join(', ')}`);
  }
  console.error(`check-import-cycles: ${components.length} import circle(s) in src/ (docs/architecture.md).`);
  process.exitCode = 1;
}
