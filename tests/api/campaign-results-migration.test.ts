import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../src/server/db/database';
import { migrations } from '../../src/server/db/migrations/index';
import { createWorkspace } from '../../src/server/modules/workspaces/workspaces.service';
import { testEngine } from './support/test-app';

/**
 * docs/product/marketing.md#results: migration 045 starts a campaign's counters from the rows written before
 * it (recipients by status, events by kind and link, clickers), on SQLite and PostgreSQL.
 */
describe('migration 045 on a database with campaigns', () => {
  let handle: DatabaseHandle;
  let dataDir: string;
  let schema: string | undefined;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agencyhq-045-'));
    schema = testEngine() === 'postgres' ? `m_${randomBytes(6).toString('hex')}` : undefined;
    handle = await openDatabase({
      dataDir,
      databaseUrl: schema ? process.env.TEST_DATABASE_URL : undefined,
      pgSchema: schema,
    });
    const names = Object.keys(migrations);
    const upTo042 = Object.fromEntries(
      names.slice(0, names.indexOf('042-campaigns') + 1).map((name) => [name, migrations[name]!]),
    );
    await migrateToLatest(handle.db, upTo042);
  });
  afterAll(async () => {
    await handle?.close();
    if (schema) {
      const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('counts what is there, then keeps counting', async () => {
    const db = handle.db;
    const workspace = await createWorkspace(db, { name: 'Before', domain: null, kind: 'business' });
    const at = '2026-11-01T09:00:00.000Z';
    const campaignId = randomUUID();
    await db
      .insertInto('campaigns')
      .values({
        id: campaignId,
        workspace_id: workspace.id,
        name: 'Old',
        template_id: null,
        list_id: null,
        segment: null,
        utm_source: 's',
        utm_medium: 'm',
        utm_campaign: 'c',
        status: 'sending',
        scheduled_at: null,
        started_at: at,
        finished_at: null,
        snapshot: null,
        audience_cursor: null,
        wait_reason: null,
        created_by: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    const recipients = ['sent', 'sent', 'bounced', 'queued'].map((status, i) => ({
      id: randomUUID(),
      campaign_id: campaignId,
      workspace_id: workspace.id,
      subscriber_id: null,
      email: `r${i}@old.test`,
      status: status as 'sent' | 'bounced' | 'queued',
      outbox_id: null,
      queued_at: null,
      sent_at: null,
    }));
    await db.insertInto('campaign_recipients').values(recipients).execute();
    const event = (recipient: number, kind: 'click' | 'open' | 'bounce-hard', link = -1) => ({
      id: randomUUID(),
      workspace_id: workspace.id,
      campaign_id: campaignId,
      recipient_id: recipients[recipient]!.id,
      kind,
      link_position: link,
      created_at: at,
    });
    await db
      .insertInto('campaign_events')
      .values([
        event(0, 'click', 0),
        event(0, 'click', 1),
        event(1, 'click', 0),
        event(0, 'open'),
        event(2, 'bounce-hard'),
      ])
      .execute();

    await migrateToLatest(db);
    const counts = async () =>
      Object.fromEntries(
        (
          await db
            .selectFrom('campaign_counts')
            .select(['metric', 'n'])
            .where('campaign_id', '=', campaignId)
            .where('n', '!=', 0)
            .execute()
        ).map((row) => [row.metric, Number(row.n)]),
      );
    expect(await counts()).toEqual({
      'r:sent': 2,
      'r:bounced': 1,
      'r:queued': 1,
      'e:click:0': 2,
      'e:click:1': 1,
      'e:open:-1': 1,
      'e:bounce-hard:-1': 1,
      clickers: 2,
    });
    await db
      .updateTable('campaign_recipients')
      .set({ status: 'sent' })
      .where('status', '=', 'queued')
      .execute();
    await db.deleteFrom('campaign_recipients').where('id', '=', recipients[1]!.id).execute();
    expect(await counts()).toEqual({
      'r:sent': 2,
      'r:bounced': 1,
      'e:click:0': 1,
      'e:click:1': 1,
      'e:open:-1': 1,
      'e:bounce-hard:-1': 1,
      // The clicker count is the redirect's: a deleted recipient's first click stays counted.
      clickers: 2,
    });
  });
});
