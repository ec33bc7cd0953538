import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The API suites that take longest (tens of seconds each: real processes killed and restarted, a campaign of
 * 10,000, every route fuzzed), longest first. A fresh clone has no timings yet, and Vitest then ran larger
 * files first: the crash and fault suites are small files, started last, and the run waited 25-40 s on
 * one worker at its end.
 */
const HEAVY_FIRST = [
  'campaign-crash',
  'faults',
  'fuzz',
  'lead-file-limits',
  'webhooks-delivery',
  'flood-defences',
  'attack-password-guessing',
  'api-key-scopes',
];

const rank = (file: TestSpecification) => {
  const at = HEAVY_FIRST.findIndex((name) => file.moduleId.endsWith(`/${name}.test.ts`));
  return at < 0 ? HEAVY_FIRST.length : at;
};

export class HeavyFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // Array sort is stable: the rest keep Vitest's own order (timings of an earlier run, else size).
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
