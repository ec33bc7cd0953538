import { describe, expect, it } from 'vitest';
import { freshSharedReads } from './content-version';

/** A read the test completes by hand, counting how many were started. */
function manualReads() {
  const started: ((value: number) => void)[] = [];
  const read = () => new Promise<number>((resolve) => started.push(resolve));
  return { started, current: freshSharedReads(read) };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('fresh shared reads of the content version', () => {
  it('never answers a caller with a read that began before it called', async () => {
    const { started, current } = manualReads();
    const first = current();
    const second = current(); // arrives while the first read is under way
    const third = current(); // shares the second's read
    expect(started).toHaveLength(1);
    started[0]!(1); // the first read returns the old version
    expect(await first).toBe(1);
    await settle();
    expect(started).toHaveLength(2); // one new read for both waiting callers
    started[1]!(2);
    expect([await second, await third]).toEqual([2, 2]);
  });

  it('starts again after a failed read', async () => {
    let calls = 0;
    const current = freshSharedReads(async () => {
      calls += 1;
      if (calls === 1) throw new Error('down');
      return 7;
    });
    const failing = current();
    const waiting = current();
    await expect(failing).rejects.toThrow('down');
    expect(await waiting).toBe(7);
    expect(await current()).toBe(7);
  });
});
