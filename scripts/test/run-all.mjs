// `npm test`: the architecture's rules (`npm run check`), then the unit, API (SQLite, and PostgreSQL when
// TEST_DATABASE_URL is set) and browser layers, and one closing line "N passed, N failed" summing them all.
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { ensureChromium } from './ensure-chromium.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const results = path.join(root, 'test-results');
fs.mkdirSync(results, { recursive: true });

const suiteStarted = performance.now();
/** Wall time of each layer, by label, in ms. */
const layerMs = new Map();

/**
 * Runs one layer's command. Alone, its output streams as it comes; beside another layer (`together`), it is
 * kept and printed whole under its heading when it ends, so two layers' lines never interleave.
 */
function run(label, command, args, env = {}, { together = false } = {}) {
  if (!together) console.log(`\n=== ${label} ===`);
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: together ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
    });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (status) => {
      layerMs.set(label, performance.now() - started);
      if (together) {
        console.log(`\n=== ${label} ===`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve(status === 0);
    });
  });
}

const minutes = (ms) => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
};

async function vitestLayer(label, project, file, env, extraArgs = [], options = {}) {
  const outputFile = path.join(results, file);
  fs.rmSync(outputFile, { force: true });
  const ok = await run(
    label,
    'npx',
    [
      'vitest',
      'run',
      '--project',
      project,
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${outputFile}`,
      ...extraArgs,
    ],
    env,
    options,
  );
  const report = fs.existsSync(outputFile) ? JSON.parse(fs.readFileSync(outputFile, 'utf8')) : null;
  return {
    label,
    ms: layerMs.get(label),
    durations: (report?.testResults ?? []).flatMap((file) =>
      file.assertionResults.map((test) => ({
        ms: test.duration ?? 0,
        title: `${label}: ${path.relative(root, file.name)} > ${test.fullName}`,
      })),
    ),
    ok: ok && report !== null,
    passed: report?.numPassedTests ?? 0,
    failed: report?.numFailedTests ?? 0,
    failures: (report?.testResults ?? []).flatMap((file) =>
      file.assertionResults
        .filter((test) => test.status === 'failed')
        .map(
          (test) =>
            `${path.relative(root, file.name)} > ${test.fullName}: ${firstLine(test.failureMessages)}`,
        ),
    ),
  };
}

/** CI keeps only the end of the output: the summary names what failed, with the first line of why. */
function firstLine(messages = []) {
  return String(messages[0] ?? '')
    .split('\n')[0]
    .slice(0, 300);
}

/** The colour codes Playwright writes into its messages. */
const ANSI_COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/**
 * A browser failure in one line CI keeps: why, at which line of the spec, and the locator and what it
 * received, since the trace and screenshot stay on the machine that ran it.
 */
function browserFailure(error) {
  if (!error) return '';
  const lines = String(error.message ?? '')
    .replace(ANSI_COLOUR, '')
    .split('\n');
  const detail = lines
    .filter((line) => /^(Locator|Expected|Received|Call log):?/.test(line.trim()))
    .slice(0, 3);
  const where = error.location ? `${path.relative(root, error.location.file)}:${error.location.line}` : '';
  return [lines[0], where && `at ${where}`, ...detail.map((line) => line.trim())]
    .filter(Boolean)
    .join(' | ')
    .slice(0, 600);
}

function playwrightFailures(suites = [], titles = []) {
  return suites.flatMap((suite) => [
    ...playwrightFailures(suite.suites, [...titles, suite.title]),
    ...(suite.specs ?? [])
      .filter((spec) => !spec.ok)
      .map((spec) => {
        const result = spec.tests?.flatMap((t) => t.results ?? []).find((r) => r.error);
        // A test timeout names no line; the step it stopped in is the next error (CI run of stop 54).
        const errors = result?.errors?.length ? result.errors : [result?.error];
        const why = errors[0]?.location ? errors.slice(0, 1) : errors.slice(0, 2);
        return `${[...titles, suite.title, spec.title].filter(Boolean).join(' > ')}: ${why.map(browserFailure).join(' | then: ')}`;
      }),
  ]);
}

/** Each browser test's time (its longest try), with its file and title. */
function playwrightDurations(suites = [], titles = []) {
  return suites.flatMap((suite) => [
    ...playwrightDurations(suite.suites, [...titles, suite.title]),
    ...(suite.specs ?? []).map((spec) => ({
      ms: Math.max(0, ...(spec.tests ?? []).flatMap((t) => (t.results ?? []).map((r) => r.duration ?? 0))),
      title: `browser: ${[...titles, suite.title, spec.title].filter(Boolean).join(' > ')}`,
    })),
  ]);
}

async function playwrightLayer() {
  const outputFile = path.join(results, 'e2e-results.json');
  fs.rmSync(outputFile, { force: true });
  const label = 'browser (Playwright, Chromium)';
  const ok = await run(label, 'npx', ['playwright', 'test']);
  const report = fs.existsSync(outputFile) ? JSON.parse(fs.readFileSync(outputFile, 'utf8')) : null;
  const stats = report?.stats ?? null;
  return {
    label: 'browser',
    ms: layerMs.get(label),
    durations: playwrightDurations(report?.suites),
    ok: ok && stats !== null,
    passed: (stats?.expected ?? 0) + (stats?.flaky ?? 0),
    failed: stats?.unexpected ?? 0,
    failures: playwrightFailures(report?.suites),
  };
}

const layers = [];
/** Layers started with this run beside another (`run`). */
const TOGETHER = { together: true };
// Lint (import boundaries, no circles), the citation check, formatting and types: a broken layer fails CI
// like a failing test. Counted as one check. The unit tests run beside it: both are a few minutes of CPU
// between them, and neither waits on the other.
const checkLabel = 'check (lint, architecture, format, types)';
// The unit tests share one module graph per worker too: pure rules with no module state, mocks or
// environment changes, and re-importing them for each of 83 files took three times their tests (59 s → 18 s).
const UNIT_ARGS = ['--no-isolate'];
const [checked, unit] = await Promise.all([
  run(checkLabel, 'npm', ['run', '-s', 'check'], {}, TOGETHER),
  vitestLayer('unit', 'unit', 'unit.json', {}, UNIT_ARGS, TOGETHER),
]);
layers.push({
  label: 'check',
  ms: layerMs.get(checkLabel),
  ok: checked,
  passed: checked ? 1 : 0,
  failed: checked ? 0 : 1,
});
layers.push(unit);
// One module graph per worker instead of one per file (each suite builds its own app and database anyway):
// re-importing the server for each of ~40 files took longer than their tests. The project setting is not
// honoured for this; the flag is. Two workers even on two cores (Vitest's default there is one): the suites
// wait on databases, child servers and SMTP much of the time (PostgreSQL pass 225 s → 144 s, SQLite 92 s).
const API_ARGS = ['--no-isolate', '--maxWorkers=2'];
// One engine after the other. Side by side they took 7.7 minutes instead of 8.9, but with one core kept busy
// besides, the two crash suites of each layer (started first in both) ran at once and the 20 kill -9s of
// faults.test.ts timed out on both engines (CI-like run 4 of stop 55).
layers.push(
  await vitestLayer('API on SQLite', 'api', 'api-sqlite.json', { TEST_DB_ENGINE: 'sqlite' }, API_ARGS),
);
if (process.env.TEST_DATABASE_URL) {
  layers.push(
    await vitestLayer(
      'API on PostgreSQL',
      'api',
      'api-postgres.json',
      { TEST_DB_ENGINE: 'postgres' },
      API_ARGS,
    ),
  );
} else {
  console.log('\n(TEST_DATABASE_URL not set: the API suites ran on SQLite only)');
}
if (ensureChromium()) layers.push(await playwrightLayer());
else layers.push({ label: 'browser', ok: false, passed: 0, failed: 0 });

console.log('\n=== slowest ten tests ===');
const slowest = layers
  .flatMap((layer) => layer.durations ?? [])
  .sort((a, b) => b.ms - a.ms)
  .slice(0, 10);
for (const { ms, title } of slowest) console.log(`${(ms / 1000).toFixed(1).padStart(7)} s  ${title}`);

console.log('\n=== summary ===');
for (const layer of layers) {
  const time = layer.ms === undefined ? '' : ` (${minutes(layer.ms)})`;
  console.log(
    `${layer.ok ? 'ok  ' : 'FAIL'} ${layer.label}: ${layer.passed} passed, ${layer.failed} failed${time}`,
  );
  for (const failure of layer.failures ?? []) console.log(`       ✗ ${failure}`);
}
console.log(`npm test took ${minutes(performance.now() - suiteStarted)} in all.`);
const passed = layers.reduce((n, l) => n + l.passed, 0);
const failed = layers.reduce((n, l) => n + l.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(layers.every((l) => l.ok) && failed === 0 && passed > 0 ? 0 : 1);
