import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { AnalyticsEventsTable, Database } from '../../db/types';
import { engineOf } from '../../db/engine';
import { ANALYTICS_LIMITS, OTHER } from '../../../shared/analytics';

type Db = Kysely<Database> | Transaction<Database>;

/** A page view as written: no address, no user agent (docs/product/analytics.md#visitors-without-cookies). */
export type EventRow = Insertable<AnalyticsEventsTable>;

/** Rows per INSERT: 17 columns each, well under either engine's limit of bound values. */
const INSERT_CHUNK = 200;

/**
 * The day's salt: the stored one, else `candidate` stored first (insert-or-ignore, so every instance agrees
 * on the first one written). The salts of earlier days are deleted in the same go
 * (docs/decisions/0018-first-party-analytics.md).
 */
export async function daySalt(db: Kysely<Database>, day: string, candidate: string): Promise<string> {
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('analytics_salts')
      .values({ day, salt: candidate })
      .onConflict((oc) => oc.column('day').doNothing())
      .execute();
    await trx.deleteFrom('analytics_salts').where('day', '<', day).execute();
    const row = await trx
      .selectFrom('analytics_salts')
      .select('salt')
      .where('day', '=', day)
      .executeTakeFirstOrThrow();
    return row.salt;
  });
}

/** Deletes the salts of days before `today` (their hashes can then never be made again). */
export async function deleteSaltsBefore(db: Db, today: string): Promise<void> {
  await db.deleteFrom('analytics_salts').where('day', '<', today).execute();
}

/**
 * Writes a batch of page views and marks their days for the roll-up, in one transaction: each batch
 * raises its days' versions, so a roll-up that read a day before the batch leaves it marked.
 */
export async function insertEvents(db: Kysely<Database>, rows: EventRow[]): Promise<void> {
  if (rows.length === 0) return;
  const days = [...new Set(rows.map((row) => row.day))].sort();
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += INSERT_CHUNK)
      await trx
        .insertInto('analytics_events')
        .values(rows.slice(i, i + INSERT_CHUNK))
        .execute();
    for (const day of days)
      await trx
        .insertInto('analytics_dirty_days')
        .values({ day, version: 1 })
        .onConflict((oc) => oc.column('day').doUpdateSet({ version: sql`analytics_dirty_days.version + 1` }))
        .execute();
  });
}

/** The days waiting for their roll-up, oldest first, with the version each was read at. */
export function dirtyDays(db: Db) {
  return db.selectFrom('analytics_dirty_days').select(['day', 'version']).orderBy('day').execute();
}

/** Each roll-up, the columns it is written with (its key first). */
const ROLLUPS = {
  analytics_daily: 'day, visitors, visits, pageviews, bounces, duration_ms, rolled_up_at',
  analytics_hourly: 'day, hour, visitors, visits, pageviews',
  analytics_daily_pages: 'day, path, visitors, pageviews, entries, bounces',
  analytics_daily_sources: 'day, source, visitors, visits, pageviews, bounces, duration_ms',
  analytics_daily_campaigns:
    'day, utm_source, utm_medium, utm_campaign, visitors, visits, pageviews, bounces',
  analytics_daily_devices: 'day, device, browser, os, visitors, visits',
} as const;
type Rollup = keyof typeof ROLLUPS;

/** The temporary table a roll-up's rows of one day are computed into, then copied from. */
const staged = (table: Rollup) => `staged_${table}`;

/**
 * A day's visits (a visitor's page views with gaps under `gapMs`, each with its first page view's entry
 * page, source, campaign and device), and from them and the page views each roll-up's rows of the day,
 * into temporary tables of this connection: reads only, as far as the database is concerned.
 */
async function stageDay(db: Db, day: string, rolledUpAt: string, gapMs: number): Promise<void> {
  const temp = (name: string, select: ReturnType<typeof sql>) =>
    engineOf(db) === 'postgres'
      ? sql`create temp table ${sql.id(name)} on commit drop as ${select}`.execute(db)
      : sql`create temp table ${sql.id(name)} as ${select}`.execute(db);

  await temp(
    'staged_visits',
    sql`
      with marked as (
        select id, visitor, at, hour, path, source, utm_source, utm_medium, utm_campaign, device, browser, os,
          case when at - lag(at) over w < ${gapMs} then 0 else 1 end as starts
        from analytics_events where day = ${day}
        window w as (partition by visitor order by at, id)
      ),
      numbered as (
        select marked.*, sum(starts) over (
          partition by visitor order by at, id rows between unbounded preceding and current row) as visit
        from marked
      ),
      spanned as (
        select numbered.*, count(*) over v as pageviews, max(at) over v as ended_at
        from numbered window v as (partition by visitor, visit)
      )
      select visitor, visit, at as started_at, ended_at, hour, pageviews, path as entry_path, source,
        utm_source, utm_medium, utm_campaign, device, browser, os
      from spanned where starts = 1`,
  );
  const bounce = sql`sum(case when pageviews = 1 then 1 else 0 end)`;
  await temp(
    staged('analytics_daily'),
    sql`
      select ${day} as day, count(distinct visitor) as visitors, count(*) as visits,
        coalesce(sum(pageviews), 0) as pageviews, coalesce(${bounce}, 0) as bounces,
        coalesce(sum(ended_at - started_at), 0) as duration_ms, ${rolledUpAt} as rolled_up_at
      from staged_visits`,
  );
  await temp(
    staged('analytics_hourly'),
    sql`
      select ${day} as day, hour, sum(visitors) as visitors, sum(visits) as visits, sum(pageviews) as pageviews
      from (
        select hour, count(distinct visitor) as visitors, 0 as visits, count(*) as pageviews
          from analytics_events where day = ${day} group by hour
        union all
        select hour, 0, count(*), 0 from staged_visits group by hour
      ) h group by hour`,
  );
  await temp(
    staged('analytics_daily_pages'),
    sql`
      select ${day} as day, path, sum(visitors) as visitors, sum(pageviews) as pageviews, sum(entries) as entries,
        sum(bounces) as bounces
      from (
        select path, count(distinct visitor) as visitors, count(*) as pageviews, 0 as entries, 0 as bounces
          from analytics_events where day = ${day} group by path
        union all
        select entry_path, 0, 0, count(*), ${bounce} from staged_visits group by entry_path
      ) p group by path`,
  );
  await temp(
    staged('analytics_daily_sources'),
    sql`
      select ${day} as day, source, count(distinct visitor) as visitors, count(*) as visits,
        sum(pageviews) as pageviews, ${bounce} as bounces, sum(ended_at - started_at) as duration_ms
      from staged_visits group by source`,
  );
  await temp(
    staged('analytics_daily_campaigns'),
    sql`
      select ${day} as day, utm_source, utm_medium, utm_campaign, count(distinct visitor) as visitors,
        count(*) as visits, sum(pageviews) as pageviews, ${bounce} as bounces
      from staged_visits where utm_source <> '' or utm_campaign <> ''
      group by utm_source, utm_medium, utm_campaign`,
  );
  await temp(
    staged('analytics_daily_devices'),
    sql`
      select ${day} as day, device, browser, os, count(distinct visitor) as visitors, count(*) as visits
      from staged_visits group by device, browser, os`,
  );
}

/**
 * The lists whose distinct values a day keeps at most ANALYTICS_LIMITS.distinctPerDayMax of (the busiest,
 * then by name): each one's key columns, what they become when folded into OTHER, its figures, its order.
 */
const CAPPED: Partial<
  Record<Rollup, { keys: string[]; folded: string[]; figures: string[]; busiest: string }>
> = {
  analytics_daily_pages: {
    keys: ['path'],
    folded: [`'${OTHER}'`],
    figures: ['visitors', 'pageviews', 'entries', 'bounces'],
    busiest: 'pageviews',
  },
  analytics_daily_sources: {
    keys: ['source'],
    folded: [`'${OTHER}'`],
    figures: ['visitors', 'visits', 'pageviews', 'bounces', 'duration_ms'],
    busiest: 'visits',
  },
  analytics_daily_campaigns: {
    keys: ['utm_source', 'utm_medium', 'utm_campaign'],
    folded: [`'${OTHER}'`, "''", `'${OTHER}'`],
    figures: ['visitors', 'visits', 'pageviews', 'bounces'],
    busiest: 'visits',
  },
};

/** The staged rows of a roll-up as written: a capped list keeps its busiest values and folds the rest. */
function stagedRows(table: Rollup, columns: string) {
  const cap = CAPPED[table];
  if (!cap) return sql`select ${sql.raw(columns)} from ${sql.id(staged(table))}`;
  const rank = `row_number() over (order by ${cap.busiest} desc, ${cap.keys.join(', ')})`;
  const keyed = cap.keys
    .map(
      (key, i) =>
        `case when ${rank} <= ${ANALYTICS_LIMITS.distinctPerDayMax} then ${key} else ${cap.folded[i]} end as ${key}`,
    )
    .join(', ');
  return sql`select day, ${sql.raw(cap.keys.join(', '))}, ${sql.raw(cap.figures.map((f) => `sum(${f}) as ${f}`).join(', '))}
    from (select day, ${sql.raw(keyed)}, ${sql.raw(cap.figures.join(', '))} from ${sql.id(staged(table))}) ranked
    group by day, ${sql.raw(cap.keys.join(', '))}`;
}

/** Replaces the day's roll-ups with the staged rows, and clears its mark if no batch moved its version. */
async function writeDay(db: Db, day: string, version: number): Promise<void> {
  for (const [table, columns] of Object.entries(ROLLUPS) as [Rollup, string][]) {
    await db.deleteFrom(table).where('day', '=', day).execute();
    await sql`insert into ${sql.table(table)} (${sql.raw(columns)})
      select ${sql.raw(columns)} from (${stagedRows(table, columns)}) kept`.execute(db);
  }
  await db.deleteFrom('analytics_dirty_days').where('day', '=', day).where('version', '=', version).execute();
}

/**
 * Recomputes one day's roll-ups from its raw page views (docs/decisions/0018-first-party-analytics.md): the
 * day's visits and every roll-up are computed from one view of the page views, then the day's rows are
 * replaced in one short transaction; readers see the day before or after, never half of it. The day stays
 * marked when a batch landed meanwhile (its version moved). Run on SQLite on a connection of its own (the
 * heavy part only reads, so this process's batches are not held up); on PostgreSQL in one transaction that
 * holds an advisory lock on the day: false when another instance is rolling it up and it was left.
 */
export async function rollUpDay(
  db: Kysely<Database>,
  day: string,
  version: number,
  rolledUpAt: string,
  gapMs: number,
): Promise<boolean> {
  if (engineOf(db) === 'postgres')
    return db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ locked: boolean }>`
        select pg_try_advisory_xact_lock(hashtext(${`analytics-rollup:${day}`})) as locked`.execute(trx);
      if (!rows[0]?.locked) return false;
      await stageDay(trx, day, rolledUpAt, gapMs);
      await writeDay(trx, day, version);
      return true;
    });
  // SQLite: the staging in a read transaction (its temporary tables take no lock of the database), then
  // the write; one connection, so the temporary tables are this job's own.
  await sql`begin`.execute(db);
  try {
    await stageDay(db, day, rolledUpAt, gapMs);
    await sql`commit`.execute(db);
    await db.transaction().execute((trx) => writeDay(trx, day, version));
  } catch (error) {
    await sql`rollback`.execute(db).catch(() => undefined);
    throw error;
  } finally {
    for (const table of ['staged_visits', ...Object.keys(ROLLUPS).map((t) => staged(t as Rollup))])
      await sql`drop table if exists temp.${sql.id(table)}`.execute(db);
  }
  return true;
}

/** Raw page views deleted per statement: each a short write, which this process's batches may wait for. */
const DELETE_CHUNK = 5000;

/**
 * Deletes the raw page views of days before `cutoff` (YYYY-MM-DD) whose roll-ups are done, a few thousand at
 * a time; the roll-ups stay. Answers the page views deleted.
 */
export async function deleteRawBefore(db: Kysely<Database>, cutoff: string): Promise<number> {
  const days = await db
    .selectFrom('analytics_daily')
    .select('day')
    .where('day', '<', cutoff)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('analytics_events')
          .select('id')
          .whereRef('analytics_events.day', '=', 'analytics_daily.day'),
      ),
    )
    .where('day', 'not in', db.selectFrom('analytics_dirty_days').select('day'))
    .orderBy('day')
    .execute();
  let deleted = 0;
  for (const { day } of days)
    for (;;) {
      const result = await db
        .deleteFrom('analytics_events')
        .where(
          'id',
          'in',
          db.selectFrom('analytics_events').select('id').where('day', '=', day).limit(DELETE_CHUNK),
        )
        .executeTakeFirst();
      deleted += Number(result.numDeletedRows);
      if (Number(result.numDeletedRows) < DELETE_CHUNK) break;
    }
  return deleted;
}

/* The reads: sums over the roll-ups of a range of days, both inclusive. */

const n = (value: unknown) => Number(value ?? 0);

export async function rangeTotals(db: Db, from: string, to: string) {
  const row = await db
    .selectFrom('analytics_daily')
    .where('day', '>=', from)
    .where('day', '<=', to)
    .select((eb) => [
      eb.fn.sum<string | number>('visitors').as('visitors'),
      eb.fn.sum<string | number>('visits').as('visits'),
      eb.fn.sum<string | number>('pageviews').as('pageviews'),
      eb.fn.sum<string | number>('bounces').as('bounces'),
      eb.fn.sum<string | number>('duration_ms').as('duration_ms'),
      eb.fn.max('rolled_up_at').as('rolled_up_at'),
    ])
    .executeTakeFirst();
  return {
    visitors: n(row?.visitors),
    visits: n(row?.visits),
    pageviews: n(row?.pageviews),
    bounces: n(row?.bounces),
    durationMs: n(row?.duration_ms),
    rolledUpAt: row?.rolled_up_at ?? null,
  };
}

export async function dailySeries(db: Db, from: string, to: string) {
  const rows = await db
    .selectFrom('analytics_daily')
    .select(['day', 'visitors', 'visits', 'pageviews'])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .orderBy('day')
    .execute();
  return rows.map((row) => ({
    time: row.day,
    visitors: n(row.visitors),
    visits: n(row.visits),
    pageviews: n(row.pageviews),
  }));
}

export async function hourlySeries(db: Db, day: string) {
  const rows = await db
    .selectFrom('analytics_hourly')
    .select(['hour', 'visitors', 'visits', 'pageviews'])
    .where('day', '=', day)
    .orderBy('hour')
    .execute();
  return rows.map((row) => ({
    hour: Number(row.hour),
    visitors: n(row.visitors),
    visits: n(row.visits),
    pageviews: n(row.pageviews),
  }));
}

/** One page of a list of figures: its rows from `offset`, at most `limit` of them. */
export interface RowWindow {
  limit: number;
  offset: number;
}

const asNumber = (row: { rows: unknown } | undefined) => n(row?.rows);

export async function pageFigures(db: Db, from: string, to: string, window: RowWindow) {
  const rows = await db
    .selectFrom('analytics_daily_pages')
    .where('day', '>=', from)
    .where('day', '<=', to)
    .select((eb) => [
      'path',
      eb.fn.sum<string | number>('pageviews').as('pageviews'),
      eb.fn.sum<string | number>('visitors').as('visitors'),
    ])
    .groupBy('path')
    .orderBy('pageviews', 'desc')
    .orderBy('path')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
  return rows.map((row) => ({ path: row.path, pageviews: n(row.pageviews), visitors: n(row.visitors) }));
}

/** Distinct pages of the range, and of them those that began a visit: the lengths of the two lists. */
export async function pageCounts(db: Db, from: string, to: string) {
  const [pages, entries] = await Promise.all([
    db
      .selectFrom('analytics_daily_pages')
      .where('day', '>=', from)
      .where('day', '<=', to)
      .select((eb) => eb.fn.count<string | number>('path').distinct().as('rows'))
      .executeTakeFirst(),
    db
      .selectFrom('analytics_daily_pages')
      .where('day', '>=', from)
      .where('day', '<=', to)
      .where('entries', '>', 0)
      .select((eb) => eb.fn.count<string | number>('path').distinct().as('rows'))
      .executeTakeFirst(),
  ]);
  return { pages: asNumber(pages), entries: asNumber(entries) };
}

export async function entryPageFigures(db: Db, from: string, to: string, window: RowWindow) {
  const rows = await db
    .selectFrom('analytics_daily_pages')
    .where('day', '>=', from)
    .where('day', '<=', to)
    .where('entries', '>', 0)
    .select((eb) => [
      'path',
      eb.fn.sum<string | number>('entries').as('entries'),
      eb.fn.sum<string | number>('bounces').as('bounces'),
    ])
    .groupBy('path')
    .orderBy('entries', 'desc')
    .orderBy('path')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
  return rows.map((row) => ({ path: row.path, entries: n(row.entries), bounces: n(row.bounces) }));
}

/** Visits by source, busiest first; `among` reads only those sources (whichever were visited). */
export async function sourceFigures(db: Db, from: string, to: string, pick: RowWindow | { among: string[] }) {
  let query = db
    .selectFrom('analytics_daily_sources')
    .where('day', '>=', from)
    .where('day', '<=', to)
    .select((eb) => [
      'source',
      eb.fn.sum<string | number>('visitors').as('visitors'),
      eb.fn.sum<string | number>('visits').as('visits'),
      eb.fn.sum<string | number>('pageviews').as('pageviews'),
      eb.fn.sum<string | number>('bounces').as('bounces'),
      eb.fn.sum<string | number>('duration_ms').as('duration_ms'),
    ])
    .groupBy('source')
    .orderBy('visitors', 'desc')
    .orderBy('source');
  if ('among' in pick) {
    if (pick.among.length === 0) return [];
    query = query.where('source', 'in', pick.among);
  } else query = query.limit(pick.limit).offset(pick.offset);
  const rows = await query.execute();
  return rows.map((row) => ({
    source: row.source,
    visitors: n(row.visitors),
    visits: n(row.visits),
    pageviews: n(row.pageviews),
    bounces: n(row.bounces),
    durationMs: n(row.duration_ms),
  }));
}

export async function sourceCount(db: Db, from: string, to: string): Promise<number> {
  const row = await db
    .selectFrom('analytics_daily_sources')
    .where('day', '>=', from)
    .where('day', '<=', to)
    .select((eb) => eb.fn.count<string | number>('source').distinct().as('rows'))
    .executeTakeFirst();
  return asNumber(row);
}

/**
 * Visits by campaign, busiest first; `among` reads only campaigns of those names (the caller keeps the exact
 * source, medium and name it asked about).
 */
export async function campaignFigures(
  db: Db,
  from: string,
  to: string,
  pick: RowWindow | { among: string[] },
) {
  let query = db
    .selectFrom('analytics_daily_campaigns')
    .where('day', '>=', from)
    .where('day', '<=', to)
    .select((eb) => [
      'utm_source',
      'utm_medium',
      'utm_campaign',
      eb.fn.sum<string | number>('visitors').as('visitors'),
      eb.fn.sum<string | number>('visits').as('visits'),
      eb.fn.sum<string | number>('pageviews').as('pageviews'),
      eb.fn.sum<string | number>('bounces').as('bounces'),
    ])
    .groupBy(['utm_source', 'utm_medium', 'utm_campaign'])
    .orderBy('visitors', 'desc')
    .orderBy('utm_source')
    .orderBy('utm_medium')
    .orderBy('utm_campaign');
  if ('among' in pick) {
    if (pick.among.length === 0) return [];
    query = query.where('utm_campaign', 'in', [...new Set(pick.among)]);
  } else query = query.limit(pick.limit).offset(pick.offset);
  const rows = await query.execute();
  return rows.map((row) => ({
    source: row.utm_source,
    medium: row.utm_medium,
    campaign: row.utm_campaign,
    visitors: n(row.visitors),
    visits: n(row.visits),
    pageviews: n(row.pageviews),
    bounces: n(row.bounces),
  }));
}

export async function campaignCount(db: Db, from: string, to: string): Promise<number> {
  const row = await db
    .selectFrom((qb) =>
      qb
        .selectFrom('analytics_daily_campaigns')
        .where('day', '>=', from)
        .where('day', '<=', to)
        .select('utm_source')
        .groupBy(['utm_source', 'utm_medium', 'utm_campaign'])
        .as('visited'),
    )
    .select((eb) => eb.fn.countAll<string | number>().as('rows'))
    .executeTakeFirst();
  return asNumber(row);
}

/** Visitors by device class, browser or operating system: each visitor has one of each (its user agent). */
export async function clientFigures(db: Db, from: string, to: string, by: 'device' | 'browser' | 'os') {
  const rows = await db
    .selectFrom('analytics_daily_devices')
    .where('day', '>=', from)
    .where('day', '<=', to)
    .select((eb) => [eb.ref(by).as('name'), eb.fn.sum<string | number>('visitors').as('visitors')])
    .groupBy(by)
    .orderBy('visitors', 'desc')
    .orderBy(by)
    .execute();
  return rows.map((row) => ({ name: row.name, visitors: n(row.visitors) }));
}

export function campaignSpends(db: Db) {
  return db
    .selectFrom('analytics_campaign_spend')
    .select(['utm_source', 'utm_medium', 'utm_campaign', 'spend'])
    .execute();
}

/** Stores a campaign's spend, or forgets it (null). */
export async function saveCampaignSpend(
  db: Db,
  key: { utm_source: string; utm_medium: string; utm_campaign: string },
  spend: number | null,
  userId: string,
  at: string,
): Promise<void> {
  if (spend === null) {
    await db
      .deleteFrom('analytics_campaign_spend')
      .where('utm_source', '=', key.utm_source)
      .where('utm_medium', '=', key.utm_medium)
      .where('utm_campaign', '=', key.utm_campaign)
      .execute();
    return;
  }
  await db
    .insertInto('analytics_campaign_spend')
    .values({ ...key, spend, updated_at: at, updated_by: userId })
    .onConflict((oc) =>
      oc
        .columns(['utm_source', 'utm_medium', 'utm_campaign'])
        .doUpdateSet({ spend, updated_at: at, updated_by: userId }),
    )
    .execute();
}
