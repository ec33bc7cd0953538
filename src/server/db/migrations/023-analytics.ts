import { sql, type Kysely } from 'kysely';
import { engineOf } from '../engine';

/**
 * First-party website analytics (docs/product/analytics.md, docs/decisions/0018-first-party-analytics.md).
 *
 * `analytics_salts`: the day's random salt of the visitor hash, one row per UTC day, created once by
 * whichever instance needs it first (insert-or-ignore) and deleted once its day is over, so a day's hashes
 * can never be computed again.
 *
 * `analytics_events`: the raw page views, kept ANALYTICS_RAW_RETENTION_DAYS (30 by default). No address and
 * no user agent: the visitor's hash of that day, the page's path, the referrer's host, the source named
 * from them, the campaign parameters, and the device class, browser family and operating system.
 * `at` is milliseconds since 1970 (visits are measured in it on both engines); `hour` is its UTC hour.
 *
 * `analytics_dirty_days`: the days with page views the roll-ups have not yet taken in; `version` rises with
 * every batch written, so a roll-up that raced a batch leaves its day dirty.
 *
 * The roll-ups, kept for good: `analytics_daily` (one row a day), `analytics_hourly`, and per day by page,
 * source, campaign (utm_source, utm_medium, utm_campaign) and device, computed from a day's visits (a
 * visitor's page views with gaps under 30 minutes, derived at roll-up time and not kept). A visitor is one
 * hash of one day, so the distinct visitors of a range are the sum of each day's: every count summed from
 * them is exact.
 *
 * `analytics_campaign_spend`: what a campaign cost, typed in by the user.
 *
 * On `leads`: the visit's attribution (`attribution_source`, `utm_source`, `utm_medium`, `utm_campaign`;
 * older leads keep their own source as their attribution; contact-form leads indexed for the funnels),
 * `value` (revenue when converted) and
 * `converted_at`, set by a trigger when the status becomes Converted and cleared when it leaves it; older
 * Converted leads take the time of their timeline's move to Converted, when it has one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const engine = engineOf(db);

  await db.schema
    .createTable('analytics_salts')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('salt', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('analytics_events')
    .addColumn('id', engine === 'postgres' ? 'bigserial' : 'integer', (c) => c.primaryKey())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('hour', 'integer', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('visitor', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('referrer_host', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('utm_source', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('utm_medium', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('utm_campaign', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('utm_content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('utm_term', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ref', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('device', 'text', (c) => c.notNull())
    .addColumn('browser', 'text', (c) => c.notNull())
    .addColumn('os', 'text', (c) => c.notNull())
    .execute();
  // A day's page views in each visitor's order: the roll-up's visits, and the retention's deletes by day.
  await db.schema
    .createIndex('analytics_events_day_visitor_idx')
    .on('analytics_events')
    .columns(['day', 'visitor', 'at', 'id'])
    .execute();

  await db.schema
    .createTable('analytics_dirty_days')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();

  const rollup = (name: string, key: string[], counts: string[]) => {
    let table = db.schema.createTable(name);
    for (const column of key)
      table = table.addColumn(column, column === 'hour' ? 'integer' : 'text', (c) => c.notNull());
    for (const column of counts) table = table.addColumn(column, 'bigint', (c) => c.notNull().defaultTo(0));
    return table.addPrimaryKeyConstraint(`${name}_pk`, key as never[]).execute();
  };
  // bounces: visits of one page view; duration_ms: the visits' summed length (last page view's time less
  // the first's); a page's entries: the visits that began on it, and its bounces those of them.
  const visits = ['visitors', 'visits', 'pageviews', 'bounces'];
  await rollup('analytics_daily', ['day'], [...visits, 'duration_ms']);
  await db.schema.alterTable('analytics_daily').addColumn('rolled_up_at', 'text').execute();
  await rollup('analytics_hourly', ['day', 'hour'], ['visitors', 'visits', 'pageviews']);
  await rollup('analytics_daily_pages', ['day', 'path'], ['visitors', 'pageviews', 'entries', 'bounces']);
  await rollup('analytics_daily_sources', ['day', 'source'], [...visits, 'duration_ms']);
  await rollup('analytics_daily_campaigns', ['day', 'utm_source', 'utm_medium', 'utm_campaign'], visits);
  await rollup('analytics_daily_devices', ['day', 'device', 'browser', 'os'], ['visitors', 'visits']);

  await db.schema
    .createTable('analytics_campaign_spend')
    .addColumn('utm_source', 'text', (c) => c.notNull())
    .addColumn('utm_medium', 'text', (c) => c.notNull())
    .addColumn('utm_campaign', 'text', (c) => c.notNull())
    .addColumn('spend', 'double precision', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addPrimaryKeyConstraint('analytics_campaign_spend_pk', ['utm_source', 'utm_medium', 'utm_campaign'])
    .execute();
  await db.schema
    .createIndex('analytics_campaign_spend_updated_by_idx')
    .on('analytics_campaign_spend')
    .column('updated_by')
    .execute();

  for (const column of ['attribution_source', 'utm_source', 'utm_medium', 'utm_campaign', 'converted_at'])
    await db.schema.alterTable('leads').addColumn(column, 'text').execute();
  await db.schema.alterTable('leads').addColumn('value', 'double precision').execute();
  await sql`update leads set attribution_source = source`.execute(db);
  // The contact-form leads of a range with all the funnels read of them, and a campaign's since it began
  // (its cost per lead): read from these indexes alone, the rows never visited.
  await db.schema
    .createIndex('leads_form_created_idx')
    .on('leads')
    .columns([
      'workspace_id',
      'created_at',
      'attribution_source',
      'utm_source',
      'utm_medium',
      'utm_campaign',
      'email_lower',
      'status',
      'value',
    ])
    .where(sql.ref('origin'), '=', sql.lit('form'))
    .execute();
  await db.schema
    .createIndex('leads_form_campaign_idx')
    .on('leads')
    .columns(['workspace_id', 'utm_source', 'utm_medium', 'utm_campaign', 'email_lower'])
    .where(sql.ref('origin'), '=', sql.lit('form'))
    .execute();

  const movedToConverted =
    engine === 'postgres'
      ? sql`(e.data::json ->> 'to') = 'Converted'`
      : sql`json_extract(e.data, '$.to') = 'Converted'`;
  await sql`
    update leads set converted_at = (
      select max(e.created_at) from lead_events e
      where e.lead_id = leads.id and e.kind = 'status' and ${movedToConverted}
    )
    where status = 'Converted'`.execute(db);

  if (engine === 'postgres') {
    await sql`
      create function leads_converted_at() returns trigger language plpgsql as $$
      begin
        if new.status is distinct from old.status then
          new.converted_at := case when new.status = 'Converted' then new.updated_at else null end;
        end if;
        return new;
      end $$`.execute(db);
    await sql`
      create trigger leads_converted_at before update of status on leads
        for each row execute function leads_converted_at()`.execute(db);
  } else {
    await sql`
      create trigger leads_converted_at after update of status on leads
        when new.status is not old.status
        begin
          update leads set converted_at = case when new.status = 'Converted' then new.updated_at end
            where id = new.id;
        end`.execute(db);
  }
}
