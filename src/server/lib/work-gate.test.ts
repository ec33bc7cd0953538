import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors';
import { perKeyLimit } from './work-gate';

describe('perKeyLimit', () => {
  const refusal = () => new HttpError(429, 'busy');

  it('lets `max` jobs of a key run at once, refuses one more at once, and frees the slot when one ends', async () => {
    const limit = perKeyLimit(2, refusal);
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    const first = limit.run('w1', () => held);
    const release = limit.hold('w1');
    await expect(limit.run('w1', async () => 'third')).rejects.toMatchObject({ statusCode: 429 });
    await expect(limit.run('w2', async () => 'other key')).resolves.toBe('other key');
    finish();
    await first;
    await expect(limit.run('w1', async () => 'after')).resolves.toBe('after');
    release();
    release(); // a second call gives back nothing more
    expect(() => [limit.hold('w1'), limit.hold('w1')]).not.toThrow();
    expect(() => limit.hold('w1')).toThrow(HttpError);
  });

  it('frees the slot when the job fails', async () => {
    const limit = perKeyLimit(1, refusal);
    await expect(limit.run('w', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(limit.run('w', async () => 'ok')).resolves.toBe('ok');
  });
});
