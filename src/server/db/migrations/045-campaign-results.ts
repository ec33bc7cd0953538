import { sql, type Kysely } from 'kysely';
import { engineOf } from '../engine';

/**
 * A campaign's results (docs/product/marketing.md#results), read in constant time however many recipients
 * it has.
 *
 * `campaign_counts`: per campaign, counters kept by triggers in the same transaction as every write of
 * `campaign_recipients` (metric `r:<status>`) and `campaign_events` (`e:<kind>:<link position>`), and
 * `clickers` (recipients with at least one click), so the report never counts a million rows. Deleting
 * never creates a counter row (a cascade from a deleted campaign must not insert for it).
 *
 * `campaign_clickers`: the recipients who clicked, one row each, so the first click of a recipient is
 * known without a race when a mail scanner opens every link of a mail at once.
 *
 * `analytics_daily_campaigns_utm_idx`: a campaign's visits by its utm_* from the day it started, without
 * reading every campaign of every day.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('campaign_counts')
    .addColumn('campaign_id', 'text', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
    .addColumn('metric', 'text', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('campaign_counts_pk', ['campaign_id', 'metric'])
    .execute();
  await db.schema
    .createTable('campaign_clickers')
    .addColumn('recipient_id', 'text', (c) =>
      c.primaryKey().references('campaign_recipients.id').onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('analytics_daily_campaigns_utm_idx')
    .on('analytics_daily_campaigns')
    .columns(['utm_campaign', 'utm_source', 'utm_medium', 'day'])
    .execute();

  if (engineOf(db) === 'postgres') await postgresTriggers(db);
  else await sqliteTriggers(db);

  // Campaigns written before this migration start from their rows as they are.
  await sql`insert into campaign_counts (campaign_id, metric, n)
    select campaign_id, 'r:' || status, count(*) from campaign_recipients group by campaign_id, status`.execute(
    db,
  );
  await sql`insert into campaign_counts (campaign_id, metric, n)
    select campaign_id, 'e:' || kind || ':' || cast(link_position as text), count(*) from campaign_events
    group by campaign_id, kind, link_position`.execute(db);
  await sql`insert into campaign_clickers (recipient_id)
    select distinct recipient_id from campaign_events where kind = 'click'`.execute(db);
  await sql`insert into campaign_counts (campaign_id, metric, n)
    select campaign_id, 'clickers', count(distinct recipient_id) from campaign_events where kind = 'click'
    group by campaign_id`.execute(db);
}

/** The counter a row counts in; `row` is a trigger's `new.` or `old.`, or '' inside a transition table's query. */
const RECIPIENT_METRIC = (row: string) => `'r:' || ${row}status`;
const EVENT_METRIC = (row: string) => `'e:' || ${row}kind || ':' || cast(${row}link_position as text)`;

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  const increment = (alias: string, metric: string) => `
    insert into campaign_counts (campaign_id, metric, n) values (${alias}.campaign_id, ${metric}, 1)
      on conflict (campaign_id, metric) do update set n = n + 1;`;
  const decrement = (alias: string, metric: string) => `
    update campaign_counts set n = n - 1 where campaign_id = ${alias}.campaign_id and metric = ${metric};`;
  const triggers = [
    `create trigger campaign_recipients_count_insert after insert on campaign_recipients
      begin ${increment('new', RECIPIENT_METRIC('new.'))} end`,
    `create trigger campaign_recipients_count_delete after delete on campaign_recipients
      begin ${decrement('old', RECIPIENT_METRIC('old.'))} end`,
    `create trigger campaign_recipients_count_update after update of status, campaign_id on campaign_recipients
      when old.status is not new.status or old.campaign_id is not new.campaign_id
      begin ${decrement('old', RECIPIENT_METRIC('old.'))} ${increment('new', RECIPIENT_METRIC('new.'))} end`,
    `create trigger campaign_events_count_insert after insert on campaign_events
      begin ${increment('new', EVENT_METRIC('new.'))} end`,
    `create trigger campaign_events_count_delete after delete on campaign_events
      begin ${decrement('old', EVENT_METRIC('old.'))} end`,
  ];
  for (const trigger of triggers) await sql.raw(trigger).execute(db);
}

/** Statement triggers over transition tables; counter rows are touched in key order (no deadlocks). */
async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  const apply = (deltas: string) => `
    insert into campaign_counts (campaign_id, metric, n)
      select campaign_id, metric, sum(delta) from (${deltas}) d
      group by campaign_id, metric having sum(delta) <> 0
      order by campaign_id, metric
      on conflict (campaign_id, metric) do update set n = campaign_counts.n + excluded.n;`;
  const subtract = (metric: string) => `
    update campaign_counts c set n = c.n - d.n
      from (select campaign_id, ${metric} as metric, count(*) as n from old_rows
            group by campaign_id, ${metric}) d
      where c.campaign_id = d.campaign_id and c.metric = d.metric;`;
  const plus = (metric: string) => `select campaign_id, ${metric} as metric, 1 as delta from new_rows`;
  const minus = (metric: string) => `select campaign_id, ${metric} as metric, -1 as delta from old_rows`;
  const recipient = RECIPIENT_METRIC('');
  const event = EVENT_METRIC('');
  const functions: Record<string, { table: string; event: string; referencing: string; body: string }> = {
    campaign_recipients_count_insert: {
      table: 'campaign_recipients',
      event: 'insert',
      referencing: 'new table as new_rows',
      body: apply(plus(recipient)),
    },
    campaign_recipients_count_update: {
      table: 'campaign_recipients',
      event: 'update',
      referencing: 'old table as old_rows new table as new_rows',
      body: apply(`${plus(recipient)} union all ${minus(recipient)}`),
    },
    campaign_recipients_count_delete: {
      table: 'campaign_recipients',
      event: 'delete',
      referencing: 'old table as old_rows',
      body: subtract(recipient),
    },
    campaign_events_count_insert: {
      table: 'campaign_events',
      event: 'insert',
      referencing: 'new table as new_rows',
      body: apply(plus(event)),
    },
    campaign_events_count_delete: {
      table: 'campaign_events',
      event: 'delete',
      referencing: 'old table as old_rows',
      body: subtract(event),
    },
  };
  for (const [name, trigger] of Object.entries(functions)) {
    await sql
      .raw(
        `create function ${name}() returns trigger language plpgsql as $$ begin ${trigger.body} return null; end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${name} after ${trigger.event} on ${trigger.table} referencing ${trigger.referencing}
          for each statement execute function ${name}()`,
      )
      .execute(db);
  }
}
