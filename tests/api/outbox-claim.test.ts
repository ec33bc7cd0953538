import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimDueMail, enqueueMail } from '../../src/server/mail/outbox';
import { AGENCY_WORKSPACE_ID } from '../../src/shared/workspace-deletion';
import { createTestApp, reopenTestDatabase, type TestApp, type TestDatabase } from './support/test-app';

/**
 * The outbox claim (docs/decisions/0006-outbox-for-mail.md "each message is claimed once"): many workers claiming at the same moment,
 * over several connections (on PostgreSQL, several instances), never take the same message twice.
 */
describe('outbox claims', () => {
  let t: TestApp;
  const others: TestDatabase[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    for (let i = 0; i < 3; i += 1) others.push(await reopenTestDatabase(t.database));
  });
  afterAll(async () => {
    for (const other of others) await other.dispose();
    await t.close();
  });

  it('gives each due message to exactly one of many concurrent claims', async () => {
    const now = new Date(Date.now() + 60_000);
    const total = 60;
    for (let i = 0; i < total; i += 1)
      await enqueueMail(
        t.database.handle.db,
        {
          workspaceId: AGENCY_WORKSPACE_ID,
          kind: 'contact',
          via: 'workspace',
          to: `claim-${i}@outbox.test`,
          subject: `claim ${i}`,
          text: 'x',
          html: 'x',
        },
        new Date(now.getTime() - 1000),
      );
    const handles = [t.database.handle, ...others.map((o) => o.handle)];
    const claimed: string[] = [];
    for (let round = 0; round < 20 && claimed.length < total; round += 1) {
      const batches = await Promise.all(
        Array.from({ length: 12 }, (_, i) => claimDueMail(handles[i % handles.length]!.db, now, 5)),
      );
      for (const batch of batches) claimed.push(...batch.map((row) => row.subject));
    }
    expect(claimed.filter((s) => s.startsWith('claim ')).length).toBe(total);
    expect(new Set(claimed).size).toBe(claimed.length);
  });
});
