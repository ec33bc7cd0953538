/** Which engine this run uses: `npm test` runs the API suites once per engine. */
export function testEngine(): 'sqlite' | 'postgres' {
  if (process.env.TEST_DB_ENGINE === 'postgres') {
    if (!process.env.TEST_DATABASE_URL) throw new Error('TEST_DB_ENGINE=postgres needs TEST_DATABASE_URL');
    return 'postgres';
  }
  return 'sqlite';
}
