import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, uniqueEmail, type TestApp } from './support/test-app';
import { ownerBody, registerOk, uniqueDomain } from './support/accounts';
import { memoryLimiter } from '../../src/server/limits/sliding-window';
import type { Limiter } from '../../src/server/limits/limiter';
import { settleAfterAnswer } from '../../src/server/lib/after-answer';
import { PASSWORD_RESET } from '../../src/shared/mail';

/**
 * docs/product/auth.md#password-reset: 'Forgot password?' answers known and unknown addresses in the same time, because
 * the look-up, the link and the mail are done after the answer. Proven without a stopwatch: the work is
 * held at its first step (the per-e-mail count) and the route has answered all the same.
 */
describe('forgot password answers before doing the work', () => {
  let t: TestApp;
  let release: () => void = () => {};
  let held = true;
  const waiting: string[] = [];
  const perEmail = memoryLimiter({
    limit: PASSWORD_RESET.perEmailLimit,
    windowMs: PASSWORD_RESET.perEmailWindowMs,
  });
  /** The per-e-mail limit, held while `held` (the work after the answer cannot go past it). */
  const heldPerEmail: Limiter = {
    ...perEmail,
    async take(key) {
      if (held) {
        waiting.push(key);
        await new Promise<void>((resolve) => {
          const before = release;
          release = () => {
            before();
            resolve();
          };
        });
      }
      return perEmail.take(key);
    },
  };
  const perIp = memoryLimiter({ limit: PASSWORD_RESET.perIpLimit, windowMs: PASSWORD_RESET.perIpWindowMs });

  beforeAll(async () => {
    t = await createTestApp({ resetLimits: { perIp, perEmail: heldPerEmail } });
  });
  afterAll(() => t?.close());

  const forgot = (email: string, remoteAddress = '203.0.113.7') =>
    t.app.inject({ method: 'POST', url: '/api/password/forgot', remoteAddress, payload: { email } });
  const resetRows = (email: string) =>
    t.database.handle.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('to_address', '=', email)
      .where('kind', '=', 'password-reset')
      .execute();

  it('answers 202 for a known and an unknown address while the look-up has not even started', async () => {
    const known = uniqueEmail(uniqueDomain());
    await registerOk(t.app, ownerBody(known));
    const unknown = uniqueEmail('nobody.test');
    const [a, b] = [await forgot(known), await forgot(unknown)];
    expect([a.statusCode, b.statusCode]).toEqual([202, 202]);
    expect(a.body).toBe(b.body);
    // Both answers went out; the work behind them is still waiting at its first step.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(waiting).toEqual([known, unknown]);
    expect(await resetRows(known)).toHaveLength(0);

    held = false;
    release();
    await settleAfterAnswer();
    expect(await resetRows(known)).toHaveLength(1);
    expect(await resetRows(unknown)).toHaveLength(0);
  });

  it('keeps the per-address 429 before answering and the per-e-mail limit after it', async () => {
    const from = '198.51.100.9';
    for (let i = 0; i < PASSWORD_RESET.perIpLimit; i += 1)
      expect((await forgot(uniqueEmail('nobody.test'), from)).statusCode).toBe(202);
    const limited = await forgot(uniqueEmail('nobody.test'), from);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    const email = uniqueEmail(uniqueDomain());
    await registerOk(t.app, ownerBody(email));
    for (let i = 0; i < PASSWORD_RESET.perEmailLimit + 2; i += 1)
      expect((await forgot(email, `192.0.2.${i + 1}`)).statusCode).toBe(202);
    await settleAfterAnswer();
    expect(await resetRows(email)).toHaveLength(PASSWORD_RESET.perEmailLimit);
  });
});
